#pragma once
// Column helpers for the plain-text evaluation report (evaluation_report.h) that every measure's
// report part writes into.

#include <cstddef>
#include <string>

#include "engine/fixed_decimals.h"  // fixedDecimals, the report's rounded figures

namespace mf::tuning {

std::string padRight(std::string text, std::size_t width);   // spaces up to `width`

}  // namespace mf::tuning
