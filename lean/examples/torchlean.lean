/-
  TorchLean shapes and broadcasting (Spec.Shape: shapes as trees built from
  lists, outermost first; CanBroadcastTo with the constructors scalar_to_any,
  dim_eq, dim_1_to_n and expand_dims), checked with
    layoutcheck lean check lean/examples/torchlean.lean \
      --map lean/examples/torchlean-map.yaml --output lean/examples/torchlean.json.log
  The log holds what Lean prints for an implementation with two planted
  mistakes (padLeft appends its ones, broadcastTo repeats each element
  instead of the whole row), and the decision of CanBroadcastTo for (2) and
  (2, 1): its constructors derive it (dim_eq 2 (scalar_to_any [1])), PyTorch
  refuses it.
-/
import NN.Spec.Core.Shape
import NN.Spec.Core.Tensor

open Spec

def s23 : Shape := Shape.ofList [2, 3]

-- sizes, lists, ranks
#eval (Shape.ofList [2, 3, 4]).size
#eval Shape.size (Shape.ofList [])
#eval (Shape.ofList [2, 3, 4]).toList
#eval s23.rank
#eval (s23.appendDim 4).toList
#eval (Shape.padLeft 2 (Shape.ofList [3])).toList

-- broadcasting shapes
#eval Shape.canBroadcastTo (Shape.ofList [3, 1]) (Shape.ofList [2, 3, 4])
#eval Shape.canBroadcastTo (Shape.ofList [3, 2]) (Shape.ofList [2, 3, 4])
#eval Shape.canBroadcastTo (Shape.ofList [2]) (Shape.ofList [2, 1])
#eval (Shape.broadcast (Shape.ofList [3, 1]) (Shape.ofList [2, 1, 4])).toList

-- broadcasting tensors: 0, 1, 2, ... read through the broadcast
#eval (Tensor.broadcastTo (Tensor.arange (Shape.ofList [3, 1])) (Shape.ofList [2, 3, 4])).toList
#eval (Tensor.broadcastTo (Tensor.arange (Shape.ofList [4])) (Shape.ofList [2, 4])).toList
#eval (Tensor.broadcastTo (Tensor.arange (Shape.ofList [3, 2])) (Shape.ofList [2, 3, 4])).toList
