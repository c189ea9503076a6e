#pragma once
// The evaluation terms' defaults, tuned by MateFind (eval_defaults.cpp is written by
// scripts/write-eval-defaults.py; README, "The full evaluation, tuned on a million positions").
#include <array>
#include <span>
#include <string_view>

#include "engine/eval_layout.h"

namespace mf {

// The default of every term, in slot order (declared for EvalParams in eval_params.h as well).
const std::array<int, layout::SlotCount>& defaultTermValues();

// The option name each default was written for, in the same order: a test checks them against the
// slots' names, so a table written from another layout is caught.
std::span<const std::string_view> defaultTermNames();

}  // namespace mf
