/-
  Checked with lean/examples/structs-map.yaml: a formalization whose layouts
  are structures `{ modes := [(s, d), ...] }`.
-/
import Cute.Layout

open Cute

/-- info: { modes := [(8, 1)] } -/
#guard_msgs in
#eval Layout.coalesce (Layout.ofList [(2, 1), (4, 2)])

/-- info: some { modes := [(2, 1), (2, 4)] } -/
#guard_msgs in
#eval Layout.complement? (Layout.ofList [(2, 2)]) 8

-- no complement exists: none
/-- info: none -/
#guard_msgs in
#eval (Layout.ofList [(2, 2), (2, 3)]).complement? 16

-- a complement of one mode, where CuTe's has two
/-- info: some { modes := [(8, 4)] } -/
#guard_msgs in
#eval Layout.complement? (Layout.ofList [(2, 2)]) 16

-- the same function as CuTe's (2,2):(2,4), written coalesced
/-- info: { modes := [(4, 2)] } -/
#guard_msgs in
#eval Layout.compose (Layout.ofList [(16, 2)]) (Layout.ofList [(2, 1), (2, 2)])

/-- info: 24 -/
#guard_msgs in
#eval (Layout.ofList [(2, 1), (3, 2), (4, 6)]).size
