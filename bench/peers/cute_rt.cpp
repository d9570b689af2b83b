// cute_rt.cpp -- CuTe C++'s side of `make bench-peers`: CuTe's layout
// algebra on layouts whose shapes and strides are runtime integers
// (int64_t), on the cases of bench/peers/gen_inputs.py's flat.txt.
//
//   cute_rt FLAT_FILE           time each op
//   cute_rt --print FLAT_FILE   print each case's result, one a line ("-"
//                               where there is no instance), untimed
//   cute_rt --sizes SIZES_FILE  time part 4's GEMM-sized cases (lines "K OP
//                               A [B]" of rank-2 layouts "(m,n):(a,b)"),
//                               where CuTe has a runtime-int instance and
//                               2^K <= 2^30; "--sizes --print" prints them
//
// Each line "OP RA a_shape.. a_stride.. RB b_shape.. b_stride.. N" is
// turned into a call of one template instance fixed by the ranks (CuTe's
// rank is a compile-time property even when the integers are not):
//   composition(A, B)       RA, RB in 2..4
//   logical_divide(A, B)    RA in 2..4, B of rank 1
//   logical_product(A, B)   A of rank 1, RB in 2..4
//   complement(A, N)        A of rank 1 (CuTe refuses longer layouts with
//                           runtime strides: "Dynamic-stride complement
//                           only for rank-1 layouts")
//   coalesce(A)             RA in 2..4
// Prints "OP 0 COUNT 0 NS_PER_OP" per op (the format of peers.c), best of
// three rounds of at least 0.2 s of CPU time each, then "note ..." lines showing what
// CuTe computes with runtime integers.  Asserts nothing about speed.
#include <cute/layout.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using i64 = int64_t;

// One case of flat.txt: the layouts as plain integer arrays.
struct Case {
  std::string op;
  int ra = 0, rb = 0;
  i64 as[4] = {}, ad[4] = {}, bs[4] = {}, bd[4] = {};
  i64 n = 0;
};

using u64 = uint64_t;
using OpFn = u64 (*)(const Case &);

// The flat runtime-int layout (s..):(d..) of rank sizeof...(I).
template <size_t... I>
auto make_rt(const i64 *s, const i64 *d, std::index_sequence<I...>) {
  return cute::make_layout(cute::make_shape(s[I]...), cute::make_stride(d[I]...));
}

// Layout A (B) of a case, as a rank-R runtime-int layout.
template <int R> auto layout_a(const Case &c) {
  return make_rt(c.as, c.ad, std::make_index_sequence<R>{});
}
template <int R> auto layout_b(const Case &c) {
  return make_rt(c.bs, c.bd, std::make_index_sequence<R>{});
}

// The sum of every integer of a (nested) tuple, so that the whole result
// is computed and none of it can be optimised away.
template <class T> u64 leaf_sum(const T &t) {
  if constexpr (cute::is_tuple<T>::value) {
    u64 s = 0;
    cute::for_each(t, [&](const auto &x) { s += leaf_sum(x); });
    return s;
  } else {
    return static_cast<u64>(static_cast<i64>(t));
  }
}

// Every integer of a layout, summed.
template <class L> u64 sink(const L &l) { return leaf_sum(l.shape()) + leaf_sum(l.stride()); }

// The result of one op: printed (Print) or summed into a sink value.
template <bool Print, class L> u64 emit(const L &l) {
  if constexpr (Print) {
    std::cout << l << "\n";
    return 0;
  } else {
    return sink(l);
  }
}

// One call of each op on a case.
template <bool P, int RA, int RB> u64 op_composition(const Case &c) {
  return emit<P>(cute::composition(layout_a<RA>(c), layout_b<RB>(c)));
}
template <bool P, int RA> u64 op_divide(const Case &c) {
  return emit<P>(cute::logical_divide(layout_a<RA>(c), layout_b<1>(c)));
}
template <bool P, int RB> u64 op_product(const Case &c) {
  return emit<P>(cute::logical_product(layout_a<1>(c), layout_b<RB>(c)));
}
template <bool P> u64 op_complement(const Case &c) {
  return emit<P>(cute::complement(layout_a<1>(c), c.n));
}
template <bool P, int RA> u64 op_coalesce(const Case &c) {
  return emit<P>(cute::coalesce(layout_a<RA>(c)));
}

// The template instance for c (printing its result when P), or nullptr
// where there is none.
template <bool P> OpFn pick(const Case &c) {
  static const OpFn comp[3][3] = {
      {op_composition<P, 2, 2>, op_composition<P, 2, 3>, op_composition<P, 2, 4>},
      {op_composition<P, 3, 2>, op_composition<P, 3, 3>, op_composition<P, 3, 4>},
      {op_composition<P, 4, 2>, op_composition<P, 4, 3>, op_composition<P, 4, 4>}};
  static const OpFn divide[3] = {op_divide<P, 2>, op_divide<P, 3>, op_divide<P, 4>};
  static const OpFn product[3] = {op_product<P, 2>, op_product<P, 3>, op_product<P, 4>};
  static const OpFn coal[3] = {op_coalesce<P, 2>, op_coalesce<P, 3>, op_coalesce<P, 4>};
  bool a24 = c.ra >= 2 && c.ra <= 4, b24 = c.rb >= 2 && c.rb <= 4;
  if (c.op == "composition" && a24 && b24) return comp[c.ra - 2][c.rb - 2];
  if (c.op == "logical_divide" && a24 && c.rb == 1) return divide[c.ra - 2];
  if (c.op == "logical_product" && c.ra == 1 && b24) return product[c.rb - 2];
  if (c.op == "complement" && c.ra == 1 && c.rb == 0 && c.n > 0) return op_complement<P>;
  if (c.op == "coalesce" && a24 && c.rb == 0) return coal[c.ra - 2];
  return nullptr;
}

// Parse one line of flat.txt; false when it is malformed or out of range.
bool parse_case(const std::string &line, Case &c) {
  std::istringstream in(line);
  if (!(in >> c.op >> c.ra) || c.ra < 1 || c.ra > 4) return false;
  for (int i = 0; i < c.ra; i++) in >> c.as[i];
  for (int i = 0; i < c.ra; i++) in >> c.ad[i];
  if (!(in >> c.rb) || c.rb < 0 || c.rb > 4) return false;
  for (int i = 0; i < c.rb; i++) in >> c.bs[i];
  for (int i = 0; i < c.rb; i++) in >> c.bd[i];
  return static_cast<bool>(in >> c.n);
}

// Seconds of this thread's CPU time, the clock peers.c reads: on a shared
// machine the time this process runs, not the time others run on its core.
double seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// ns per call of fns[i](cases[i]): best of three rounds of >= 0.2 s, the
// clock read after passes of at least 4096 calls (a read is a system call).
double time_op(const std::vector<Case> &cases, const std::vector<OpFn> &fns, u64 &acc) {
  double best = 1e30;
  long n = static_cast<long>(cases.size());
  for (int round = 0; round < 3; round++) {
    long ops = 0;
    double t0 = seconds(), t;
    do {
      for (long k = 0; k < 4096; k += n, ops += n)
        for (size_t i = 0; i < cases.size(); i++) acc += fns[i](cases[i]);
    } while ((t = seconds() - t0) < 0.2);
    best = std::min(best, t / static_cast<double>(ops));
  }
  return best * 1e9;
}

// What CuTe computes with runtime integers, shown on two small layouts
// (bench/peers/run.py prints the oracle's answers beside these).
void notes() {
  using namespace cute;
  auto l = make_layout(make_shape(i64(2), i64(4)), make_stride(i64(1), i64(2)));
  std::cout << "note cute coalesce (2,4):(1,2) = " << coalesce(l) << "\n";
  auto a = make_layout(make_shape(i64(4), i64(4)), make_stride(i64(1), i64(4)));
  auto b = make_layout(make_shape(i64(3)), make_stride(i64(3)));
  auto r = composition(a, b);
  std::cout << "note cute composition (4,4):(1,4) 3:3 = " << r << ": size " << size(r)
            << " where B has size " << size(b);
  for (i64 x = 0; x < size(b) && x < size(r); x++)
    if (a(b(x)) != r(x)) std::cout << "; at x = " << x << " A(B(x)) = " << a(b(x))
                                   << " but R(x) = " << r(x);
  std::cout << "\n";
}

// ------------------------------------------------- part 4: the sizes

// One case of the sizes file: exponent K, op, two rank-2 layouts.
struct SizeCase {
  int k = 0;
  std::string op;
  i64 as[2] = {}, ad[2] = {}, bs[2] = {}, bd[2] = {};
};

// Parse "(m,n):(a,b)" into s, d; false when it is not a rank-2 flat layout.
bool parse_rank2(const std::string &t, i64 *s, i64 *d) {
  long long x[4];
  if (std::sscanf(t.c_str(), "(%lld,%lld):(%lld,%lld)", &x[0], &x[1], &x[2], &x[3]) != 4)
    return false;
  s[0] = x[0], s[1] = x[1], d[0] = x[2], d[1] = x[3];
  return true;
}

// The runtime-int rank-2 layout of s, d.
auto rank2(const i64 *s, const i64 *d) {
  return cute::make_layout(cute::make_shape(s[0], s[1]), cute::make_stride(d[0], d[1]));
}

// The one op of part 4 CuTe has with runtime integers: composition.  Its
// complement (so logical_divide and logical_product) static_asserts
// "Dynamic-stride complement only for rank-1 layouts", left_inverse
// "Left inverse requires static strides", and right_inverse drops every
// dynamic stride (it returns _1:_0).
template <bool P> u64 size_composition(const SizeCase &c) {
  return emit<P>(cute::composition(rank2(c.as, c.ad), rank2(c.bs, c.bd)));
}

// Time (or print) the composition cases of the sizes file per K <= 30:
// "composition K COUNT 0 NS" lines, the format of peers.c.
int run_sizes(const char *path, bool print) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cute_rt: cannot open " << path << "\n";
    return 1;
  }
  std::map<int, std::vector<SizeCase>> by_k;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream w(line);
    SizeCase c;
    std::string a, b;
    if (!(w >> c.k >> c.op >> a)) continue;
    w >> b;
    if (c.op != "composition" || c.k > 30 || !parse_rank2(a, c.as, c.ad) ||
        !parse_rank2(b, c.bs, c.bd))
      continue;
    if (print) {
      std::cout << c.k << " composition " << a << " " << b << " = ";
      size_composition<true>(c);
      continue;
    }
    by_k[c.k].push_back(c);
  }
  u64 acc = 0;
  for (const auto &kv : by_k) {
    double best = 1e30;
    const auto &cases = kv.second;
    for (int round = 0; round < 3; round++) {
      long ops = 0;
      double t0 = seconds(), t;
      do {
        for (int rep = 0; rep < 4096; rep += static_cast<int>(cases.size()))
          for (const SizeCase &c : cases) acc += size_composition<false>(c), ops++;
      } while ((t = seconds() - t0) < 0.2);
      best = std::min(best, t / static_cast<double>(ops));
    }
    std::printf("composition %d %zu 0 %.1f\n", kv.first, cases.size(), best * 1e9);
  }
  if (acc == 42) std::cerr << " "; // keeps the results alive
  return 0;
}

} // namespace

// cute_rt [--print] FLAT_FILE: group the cases by op, time each group,
// print the figures; or print every result.
int main(int argc, char **argv) {
  if (argc >= 3 && !std::strcmp(argv[1], "--sizes"))
    return run_sizes(argv[argc - 1], argc == 4 && !std::strcmp(argv[2], "--print"));
  bool print = argc == 3 && !std::strcmp(argv[1], "--print");
  if (argc != 2 && !print) {
    std::cerr << "usage: cute_rt [--print] FLAT_FILE\n";
    return 2;
  }
  const char *path = argv[argc - 1];
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cute_rt: cannot open " << path << "\n";
    return 1;
  }
  std::vector<std::string> order;
  std::map<std::string, std::pair<std::vector<Case>, std::vector<OpFn>>> by_op;
  std::string line;
  int lineno = 0, skipped = 0;
  while (std::getline(in, line)) {
    Case c;
    lineno++;
    if (line.empty() || line[0] == '#') continue;
    if (!parse_case(line, c)) {
      std::cerr << "cute_rt: " << path << ":" << lineno << ": malformed case\n";
      return 1;
    }
    if (print) {
      OpFn f = pick<true>(c);
      if (f) f(c);
      else std::cout << "-\n";
      continue;
    }
    OpFn f = pick<false>(c);
    if (!f) {
      skipped++;
      continue;
    }
    if (!by_op.count(c.op)) order.push_back(c.op);
    by_op[c.op].first.push_back(c);
    by_op[c.op].second.push_back(f);
  }
  if (print) return 0;
  u64 acc = 0; // unsigned: wraps, never overflows
  for (const std::string &op : order) {
    const auto &g = by_op[op];
    double ns = time_op(g.first, g.second, acc);
    std::printf("%s 0 %zu 0 %.1f\n", op.c_str(), g.first.size(), ns);
    std::fflush(stdout);
  }
  if (skipped) std::printf("note %d cases have ranks this program has no instance for\n", skipped);
  notes();
  if (acc == 42) std::cerr << " "; // keeps the results alive
  return 0;
}
