#pragma once
// Column helpers for the plain-text evaluation report (evaluation_report.h) that every measure's
// report part writes into.

#include <cstddef>
#include <string>

namespace mf::tuning {

std::string fixedText(double value, int decimals);            // "%.*f"
std::string padRight(std::string text, std::size_t width);   // spaces up to `width`

}  // namespace mf::tuning
