#include "tests/structure/readme_shape.h"

#include <regex>

namespace mf::docs {

namespace {

std::vector<std::string_view> linesOf(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

std::string_view trimmedStart(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first == std::string_view::npos ? std::string_view{} : line.substr(first);
}

bool opensOrClosesFence(std::string_view line) {
    const std::string_view t = trimmedStart(line);
    return t.starts_with("```") || t.starts_with("~~~");
}

bool isTableLine(std::string_view line) { return trimmedStart(line).starts_with('|'); }

// The row under a table's header: cells of dashes with optional colons (|---|:--:|).
bool isDelimiterRow(std::string_view line) {
    static const std::regex delimiter(R"(^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$)");
    return std::regex_match(std::string(line), delimiter);
}

// One message for each table (a run of lines starting with '|' outside code) of more body rows
// than allowed.
void addLongTables(const std::vector<std::string_view>& lines, int maxRows, std::vector<std::string>& problems) {
    bool inCode = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (opensOrClosesFence(lines[i])) inCode = !inCode;
        if (inCode || !isTableLine(lines[i])) continue;
        std::size_t end = i;
        while (end < lines.size() && isTableLine(lines[end])) ++end;
        const bool headed = end - i >= 2 && isDelimiterRow(lines[i + 1]);
        const int rows = static_cast<int>(end - i) - (headed ? 2 : 0);
        if (rows > maxRows)
            problems.push_back("line " + std::to_string(i + 1) + ": a table of " + std::to_string(rows) +
                               " rows (at most " + std::to_string(maxRows) + ")");
        i = end - 1;
    }
}

}  // namespace

std::vector<std::string> readmeShapeProblems(std::string_view readme, const ReadmeLimits& limits) {
    std::vector<std::string> problems;
    const std::vector<std::string_view> lines = linesOf(readme);
    if (static_cast<int>(lines.size()) > limits.maxLines)
        problems.push_back(std::to_string(lines.size()) + " lines (at most " + std::to_string(limits.maxLines) + ")");
    for (const std::string& command : limits.commands) {
        bool found = false;
        for (std::size_t i = 0; i < lines.size() && static_cast<int>(i) < limits.commandsWithin && !found; ++i)
            found = lines[i].find(command) != std::string_view::npos;
        if (!found)
            problems.push_back(command + " is not in the first " + std::to_string(limits.commandsWithin) + " lines");
    }
    addLongTables(lines, limits.maxTableRows, problems);
    return problems;
}

}  // namespace mf::docs
