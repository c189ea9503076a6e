#include "evolution/ga/error.h"

namespace mf::ga {

std::string Error::message() const {
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0)
            out += ':' + std::to_string(line);
        out += ": ";
    } else if (line > 0) {
        out += "line " + std::to_string(line) + ": ";
    }
    if (!field.empty())
        out += field + ": ";
    out += reason;
    return out;
}

} // namespace mf::ga
