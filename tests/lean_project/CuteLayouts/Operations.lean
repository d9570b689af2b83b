import CuteLayouts.Defs

/-!
# Operations on flat layouts

The values in the comments are the examples of the paper.
-/

namespace CuTe
namespace FlatLayout

/-- Merge neighbouring modes whose strides continue (d' = s·d), the modes
sorted first. -/
def coalesce (L : FlatLayout) : FlatLayout :=
  (sort L).foldl (fun acc p =>
    match acc.getLast? with
    | some q =>
      if (q.shape : ℕ) * q.stride == p.stride then acc.dropLast ++ [⟨q.shape * p.shape, q.stride⟩]
      else acc ++ [p]
    | none => [p]) []

/-- The complement of L in N: the copies of L's span that fill N, one mode. -/
def complement (L : FlatLayout) (N : ℕ) : FlatLayout :=
  let span := (L.map fun p => (p.shape : ℕ) * p.stride).foldl max 1
  if h : N / size L ≤ 1 then [] else [⟨⟨N / size L, by omega⟩, span⟩]

/-- Tractable: for nonzero modes p ⪯ q, s_p·d_p divides d_q. -/
def isTractable (L : FlatLayout) : Bool :=
  L.all fun p => L.all fun q =>
    p == q || p.stride == 0 || q.stride == 0 || !le p q ||
      q.stride % ((p.shape : ℕ) * p.stride) == 0

/-- The coordinates of the index x, the first mode running fastest. -/
def toCoords (L : FlatLayout) (x : ℕ) : List ℕ :=
  ((sort L).foldl (fun (acc, r) p => (acc ++ [r % p.shape], r / p.shape)) ([], x)).1

/-- The layout function at a coordinate list: Σ xᵢ·dᵢ. -/
def fromCoords (L : FlatLayout) (xs : List ℕ) : ℕ :=
  (L.zip xs).foldl (fun acc (p, x) => acc + x * p.stride) 0

-- coalesce
#eval coalesce (mkLayout [(2, 1), (2, 2), (2, 4)])  -- Should give [(8, 1)]
#eval coalesce (mkLayout [(2, 1), (3, 4)])  -- [(2, 1), (3, 4)]
#eval coalesce (mkLayout [(2, 2), (2, 1)])  -- the modes must stay apart

example : coalesce (mkLayout [(2, 1), (2, 2), (3, 6)]) = mkLayout [(4, 1), (3, 6)] := by decide
example : coalesce (mkLayout [(3, 2), (2, 1)]) = mkLayout [(6, 1)] := by decide

-- complement
#eval complement (mkLayout [(2, 1), (3, 2)]) 12  -- Expected: [(2, 6)]
#eval complement (mkLayout [(2, 2)]) 8
-- Expected: [(2, 1), (2, 4)]

example : complement (mkLayout [(2, 1), (3, 2)]) 6 = [] := by decide
example : complement (mkLayout [(2, 2)]) 8 = mkLayout [(2, 1), (2, 4)] := by
  decide

-- tractability
#eval isTractable (mkLayout [(2, 1), (3, 2)])  -- true
#eval isTractable (mkLayout [(2, 1), (3, 3)])  -- false: 2·1 does not divide 3
#eval isTractable (mkLayout [(2, 1), (2, 1)])
#guard isTractable (mkLayout [(4, 1), (4, 1)]) == true

-- coordinates
#eval toCoords (mkLayout [(2, 1), (3, 2)]) 5  -- Should give [1, 2]
#eval toCoords (mkLayout [(3, 2), (2, 1)]) 5
#eval fromCoords (mkLayout [(2, 1), (3, 2)]) [1, 2]  -- 5
#eval fromCoords (mkLayout [(2, 1), (3, 4)]) [1, 2]  -- 9

theorem fromCoords_example : fromCoords (mkLayout [(2, 1), (3, 4)]) [1, 2] = 9 := by decide

-- functions of CuteLayouts/Defs.lean
#eval size (mkLayout [(4, 2), (2, 1)])  -- 8
#eval sort [(pnat 4, 2), (pnat 2, 1)]  -- [(2, 1), (4, 2)]

end FlatLayout
end CuTe
