// Options files (matefind-engine --options): every refused line is reported as "<file>:<line>: why"
// with a line number that exists, the other lines are applied, and the table never holds a value
// outside an option's range or type.
#include <string>

#include "engine/options.h"
#include "engine/options_file.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf;
    OptionTable table;
    table.addSpin("KnightValue", 250, 0, 2000, [](long long) { return std::nullopt; });
    table.addSpin("Move Overhead", 10, 0, 5000, [](long long) { return std::nullopt; });
    table.addCheck("EndgameTables", true, [](bool) { return std::nullopt; });
    table.addString("OptionsFile", "", [](const std::string&) { return std::nullopt; });
    table.addButton("Clear Hash", [] { return std::nullopt; });

    const auto text = fuzz::asText(data, size);
    const auto lineCount = fuzz::lines(text).size();
    const auto result = applyOptionsText(table, text, "fuzz.txt");
    fuzz::require(!result.openError, "text in memory always opens");
    fuzz::require(result.applied + result.problems.size() <= lineCount, "each line applied or refused at most once");
    for (const auto& problem : result.problems) {
        fuzz::require(problem.starts_with("fuzz.txt:"), "a problem names the file", problem);
        const auto number = std::stoul(problem.substr(9));
        fuzz::require(number >= 1 && number <= lineCount, "a problem names a line of the file", problem);
    }
    for (const auto& option : table.all()) {
        if (option.type != OptionTable::Type::Spin) continue;
        const long long value = std::stoll(option.value);
        fuzz::require(value >= option.min && value <= option.max, "a spin stays in its range", option.name + " = " + option.value);
    }
    return 0;
}
