#include "evolution/tuning/measures/report_text.h"

namespace mf::tuning {

std::string padRight(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

}  // namespace mf::tuning
