/-
  Outputs pinned by hand with #guard_msgs, as a Lean project keeps its golden
  tests.  Some pins hold what an implementation with two known mistakes prints
  (its complement returns one mode, its coalesce sorts first): `lake build`
  passes on them, and `layoutcheck lean check`, reading the docstrings as
  Lean's side, reports them.
-/
import CuTe.Layout

open CuTe

namespace CuTe.FlatLayout

/-- info: [(8, 1)] -/
#guard_msgs in
#eval coalesce (mkLayout [(2, 1), (2, 2), (2, 4)])

-- the single-mode complement
/-- info: [(4, 4)] -/
#guard_msgs in
#eval complement (mkLayout [(2, 2)]) 8

/-- info: [(2, 1), (4, 4)] -/
#guard_msgs in
#eval complement (mkLayout [(⟨2, by decide⟩, 2)]) 16

-- the sorting coalesce
/-- info: [(4, 1)] -/
#guard_msgs in
#eval coalesce (mkLayout [(2, 2), (2, 1)])

/--
info: [(2, 1),
 (3, 2)]
-/
#guard_msgs in
#eval (TupleMorphism.id [2, 3]).toLayout

/-- info: true -/
#guard_msgs in
#eval isTractable (mkLayout [(2, 1), (3, 2)])

/-- info: 6 -/
#guard_msgs (whitespace := lax) in #eval (mkLayout [(2, 1), (3, 2)]).size

-- an error pinned where the oracle has a value
/-- error: complement: the modes do not form a divisibility chain -/
#guard_msgs in
#eval complement (mkLayout [(2, 2), (2, 1)]) 8

-- not in the map
/-- info: [(2, 1)] -/
#guard_msgs in
#eval filter (mkLayout [(2, 0), (2, 1)])

-- no docstring: Lean's value comes only from a log
#guard_msgs in
#eval cosize (mkLayout [(2, 1), (3, 4)])

end CuTe.FlatLayout
