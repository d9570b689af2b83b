import CuteLayouts.Operations

/-!
# Laws of the layout algebra

Stated for every layout: nothing here pins a value.
-/

namespace CuTe.FlatLayout

theorem coalesce_idem (L : FlatLayout) : coalesce (coalesce L) = coalesce L := sorry

theorem size_sort (L : FlatLayout) : size (sort L) = size L := sorry

example (L : FlatLayout) : cosize L ≥ 1 := by
  unfold cosize; omega

/-- The layout of a tile; not defined yet. -/
#eval tileOf (mkLayout [(2, 1)])

end CuTe.FlatLayout
