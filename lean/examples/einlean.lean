/-
  Einlean tensors (the Einlean design: shape/stride tensors, einops-style
  rearrange, reshape and einsum), checked with
    layoutcheck lean check lean/examples/einlean.lean \
      --map lean/examples/einlean-map.yaml --output lean/examples/einlean.json.log
  The log holds what Lean prints for an implementation with two planted
  mistakes (rearrangeBy keeps the strides of a view instead of copying, and
  merging (b w) puts w outermost), and for Einlean's validRearrange, which
  compares sets of atoms and so accepts an atom used twice when its size is
  1, where einops refuses.
-/
import Einlean

open Einlean

def b := dim! 2
def h := dim! 3
def w := dim! 2
def c := dim! 2
def bw := b * w
def bh := b * h

/-- The design's image, small: the values 0, 1, 2, ... in row-major order. -/
def image : Tensor [b, h, w, c] := Tensor.arange 0

#eval image.shape
#eval image.strides
#eval computeStrides [2, 3, 2, 2]
#eval totalSize [2, 3, 2, 2]

-- lambda-free rearrange: b h w c -> h (b w) c
def merged : Tensor [h, bw, c] := image.rearrange

#eval merged.shape
#eval merged.strides
#eval merged.toList

-- rearrangeBy: (b, h, w, c) => (b, c, h, w)
def transposed : Tensor [b, c, h, w] := image.rearrangeBy fun (b, h, w, c) => (b, c, h, w)

#eval transposed.shape
#eval transposed.strides
#eval transposed.toList

-- reshape: the same atoms in the same order
def flat : Tensor [bh, w * c] := image.reshape
def split : Tensor [h, b, w, c] := merged.reshape

#eval flat.shape
#eval flat.toList
#eval split.toList

-- a rearrange that drops an atom: validRearrange fails, so does the oracle
def dropped : Tensor [h, w, c] := image.rearrange

#eval dropped.shape

-- an atom of size 1 used twice: Einlean accepts it, einops does not
def one := dim! 1
def single : Tensor [one] := Tensor.arange 7
def twice : Tensor [one, one] := single.rearrange

#eval twice.shape

-- einsum, the design's matrix product
def i := dim! 2
def j := dim! 4
def k := dim! 3
def a : Tensor [i, k] := Tensor.arange 1
def bmat : Tensor [k, j] := Tensor.arange 10
def cmat : Tensor [i, j] := Tensor.einsum a bmat (fun (i, _) (_, j) => (i, j))

#eval cmat.shape
#eval cmat.toList
