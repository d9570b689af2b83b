/-
  Flat layouts as lists of (shape, stride) modes, checked with
  `layoutcheck lean check`.  The logs next to this file (flat.json.log,
  flat.plain.log, flat.lake.log) hold what Lean prints for an implementation
  with two known mistakes: its complement returns a single mode, and its
  coalesce sorts the modes before merging them.
-/
import CuTe.Layout

open CuTe FlatLayout

/-- A 3 x 4 row-major layout. -/
def rowMajor : FlatLayout := mkLayout [(3, 4), (4, 1)]

-- coalesce: merge neighbouring modes with d' = s * d
#eval FlatLayout.coalesce (mkLayout [(2, 1), (2, 2), (2, 4)])
#eval coalesce (mkLayout [(2, 1), (3, 4)])
#eval coalesce (mkLayout [(2, 2), (2, 1)])  -- the modes must not be sorted first

-- complement
#eval FlatLayout.complement (mkLayout [(2, 1), (3, 2)]) 12
#eval FlatLayout.complement (mkLayout [(2, 2)]) 8
#eval complement (mkLayout [(2, 1), (3, 2)]) 6

-- predicates, with field notation and a definition
#eval isTractable (mkLayout [(2, 1), (3, 2)])
#eval (mkLayout [(2, 1), (3, 3)]).isTractable
#eval isNonDegenerate (mkLayout [(1, 5)])
#eval isCompact rowMajor

theorem coalesce_idem (L : FlatLayout) : coalesce (coalesce L) = coalesce L := sorry

-- coordinates (colexicographic: the first mode runs fastest)
#eval toCoords (mkLayout [(2, 1), (3, 2)]) 5
#eval fromCoords (mkLayout [(2, 1), (3, 2)]) [1, 2]

-- morphisms and tuples
#eval (TupleMorphism.id [2, 3]).toLayout
#eval Tuple.size [2, 3, 4]
#eval rowMajor.size

/- A term outside the checker's subset: reported as untranslatable. -/
#eval coalesce rowMajor ++ rowMajor

-- a value long enough for Lean to print it on two lines
#eval FlatLayout.sort (mkLayout [(2, 3), (2, 7), (2, 15), (2, 31), (2, 63), (2, 127), (2, 255),
  (2, 511), (2, 1023), (2, 2047), (2, 4095), (2, 8191), (2, 16383), (2, 32767)])

-- pinned outputs: `lake build` checks these docstrings
/-- info: [(8, 1)] -/
#guard_msgs in
#eval coalesce (mkLayout [(4, 1), (2, 4)])

/-- info: [(8, 8)] -/
#guard_msgs in
#eval complement (mkLayout [(2, 4)]) 16

/-- info: [(3, 2), (2, 1)] -/
#guard_msgs in
#eval coalesce (mkLayout [(3, 2), (2, 1)])
