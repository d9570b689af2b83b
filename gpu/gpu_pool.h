/*
** gpu_pool.h -- the host threads of the GPU stage: a pool of workers that
** runs the tasks 0..n-1 of one job at a time, the calling thread taking
** tasks too.  A job's tasks write only their own results, which the caller
** merges in task order after gpu_pool_run returns, so that what a run
** reports does not depend on the number of threads or on which thread ran
** which task.  C11 that also compiles as C++17 (the program's host code and
** tests/test_gpu_host.c); POSIX threads.
*/
#ifndef GPU_POOL_H
#define GPU_POOL_H

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Workers of a pool at most (the caller is one more thread). */
#define GPU_POOL_MAX 256

/* One task of a job: task number `task`, run by worker `worker` (0 is the
** calling thread, 1.. the pool's). */
typedef void (*gpu_task_fn)(void *ctx, int64_t task, int worker);

/* A pool: `threads` threads in all, threads - 1 of them started.  The
** mutex guards every field below it; a job is the tasks [0, ntasks) of fn,
** handed out in order by `next`; `generation` counts jobs so that a worker
** wakes once per job, `busy` counts workers inside the current one. */
typedef struct gpu_pool {
  int threads, started;
  pthread_t tid[GPU_POOL_MAX];
  pthread_mutex_t mu;
  pthread_cond_t wake, done;
  gpu_task_fn fn;
  void *ctx;
  int64_t ntasks, next;
  uint64_t generation;
  int busy, stop;
} gpu_pool;

/* The number of online CPUs (1 when it cannot be told). */
static inline int gpu_online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > GPU_POOL_MAX ? GPU_POOL_MAX : (int)n;
}

/* Take and run tasks of the current job until none is left; called with
** p->mu held, returns with it held. */
static inline void gpu_pool_drain(gpu_pool *p, int worker) {
  while (p->next < p->ntasks) {
    int64_t task = p->next++;
    gpu_task_fn fn = p->fn;
    void *ctx = p->ctx;
    pthread_mutex_unlock(&p->mu);
    fn(ctx, task, worker);
    pthread_mutex_lock(&p->mu);
  }
}

/* The arguments of a worker thread: its pool and number. */
typedef struct gpu_pool_arg {
  gpu_pool *pool;
  int worker;
} gpu_pool_arg;

/* A worker: wait for a job (a new generation), drain it, say so; until
** stop.  Frees its argument. */
static inline void *gpu_pool_main(void *arg) {
  gpu_pool_arg a = *(gpu_pool_arg *)arg;
  gpu_pool *p = a.pool;
  uint64_t seen = 0;
  free(arg);
  pthread_mutex_lock(&p->mu);
  for (;;) {
    while (!p->stop && p->generation == seen) pthread_cond_wait(&p->wake, &p->mu);
    if (p->stop) break;
    seen = p->generation;
    p->busy++;
    gpu_pool_drain(p, a.worker);
    if (--p->busy == 0) pthread_cond_signal(&p->done);
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

/* Stop and join the workers of p (safe on a partly started pool). */
static inline void gpu_pool_stop(gpu_pool *p) {
  pthread_mutex_lock(&p->mu);
  p->stop = 1;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->mu);
  for (int k = 0; k < p->started; k++) pthread_join(p->tid[k], NULL);
  pthread_cond_destroy(&p->wake);
  pthread_cond_destroy(&p->done);
  pthread_mutex_destroy(&p->mu);
  p->started = 0;
}

/* Start a pool of `threads` threads in all (1 to GPU_POOL_MAX + 1; 1 runs
** every job on the caller); 0, or -1 when a thread cannot be started (p
** stopped). */
static inline int gpu_pool_start(gpu_pool *p, int threads) {
  memset(p, 0, sizeof *p);
  if (threads < 1 || threads > GPU_POOL_MAX + 1) return -1;
  p->threads = threads;
  if (pthread_mutex_init(&p->mu, NULL)) return -1;
  if (pthread_cond_init(&p->wake, NULL)) {
    pthread_mutex_destroy(&p->mu);
    return -1;
  }
  if (pthread_cond_init(&p->done, NULL)) {
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->mu);
    return -1;
  }
  for (int k = 0; k < threads - 1; k++) {
    gpu_pool_arg *a = (gpu_pool_arg *)malloc(sizeof *a);
    if (!a) break;
    a->pool = p;
    a->worker = k + 1;
    if (pthread_create(&p->tid[k], NULL, gpu_pool_main, a)) {
      free(a);
      break;
    }
    p->started++;
  }
  if (p->started != threads - 1) {
    gpu_pool_stop(p);
    return -1;
  }
  return 0;
}

/* Run fn(ctx, task, worker) for every task of [0, ntasks) on the pool's
** threads and the caller, and return when all have returned.  Tasks are
** handed out in order; fn must not call gpu_pool_run. */
static inline void gpu_pool_run(gpu_pool *p, int64_t ntasks, gpu_task_fn fn, void *ctx) {
  pthread_mutex_lock(&p->mu);
  p->fn = fn;
  p->ctx = ctx;
  p->ntasks = ntasks;
  p->next = 0;
  p->busy = 1; /* the caller */
  p->generation++;
  if (p->started > 0 && ntasks > 1) pthread_cond_broadcast(&p->wake);
  gpu_pool_drain(p, 0);
  p->busy--;
  while (p->busy > 0) pthread_cond_wait(&p->done, &p->mu);
  pthread_mutex_unlock(&p->mu);
}

#endif /* GPU_POOL_H */
