import Mathlib.Data.PNat.Basic

/-!
# Flat layouts

A flat layout is a list of (shape, stride) modes; its layout function sends
the coordinates x to Σ xᵢ·dᵢ.
-/

namespace CuTe

structure ShapeStridePair where
  shape : ℕ+
  stride : ℕ
  deriving DecidableEq, Repr

abbrev FlatLayout := List ShapeStridePair

/-- A positive natural from a literal. -/
def pnat (n : ℕ) (h : n > 0 := by decide) : ℕ+ := ⟨n, h⟩

/-- A layout from (shape, stride) pairs; a shape 0 is read as 1. -/
def mkLayout (l : List (ℕ × ℕ)) : FlatLayout :=
  l.map fun (s, d) => ⟨⟨max s 1, by omega⟩, d⟩

namespace FlatLayout

/-- The number of coordinates. -/
def size (L : FlatLayout) : ℕ := (L.map fun p => (p.shape : ℕ)).foldl (· * ·) 1

/-- One more than the largest value of the layout function. -/
def cosize (L : FlatLayout) : ℕ :=
  1 + (L.map fun p => ((p.shape : ℕ) - 1) * p.stride).foldl (· + ·) 0

/-- The order ⪯ on modes: by stride, then by shape. -/
def le (p q : ShapeStridePair) : Bool :=
  p.stride < q.stride || (p.stride == q.stride && p.shape ≤ q.shape)

/-- The modes in the order ⪯. -/
def sort (L : FlatLayout) : FlatLayout := L.mergeSort le

#eval size (mkLayout [(2, 1), (3, 2)])  -- 6
#eval cosize (mkLayout [(2, 1), (3, 2)])  -- 6
#eval sort [ShapeStridePair.mk (pnat 3) 2, { shape := pnat 2, stride := 1 }]
-- Should give [(2, 1), (3, 2)]

end FlatLayout

end CuTe
