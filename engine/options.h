#pragma once
// The engine's UCI option table. Each option is declared once with its type, default, range and
// the action that applies a new value; `uci` prints the table, `setoption` goes through set().
// Adding an option is one call, e.g. in SearchController::registerOptions():
//     options.addCheck("EndgameTables", true, [&](bool on) { ...; return std::nullopt; });
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf {

class OptionTable {
public:
    enum class Type { Spin, Check, Button, String };
    // Applies a value that already passed the type and range checks; returns an error text when
    // the value cannot be used (e.g. a path that does not exist); then the old value stays.
    using Apply = std::function<std::optional<std::string>(const std::string& value)>;

    struct Option {
        std::string name;
        Type type;
        std::string defaultValue;
        long long min = 0;
        long long max = 0;
        std::string value;
        Apply apply;
    };

    void addSpin(std::string name, long long defaultValue, long long min, long long max,
                 std::function<std::optional<std::string>(long long)> apply);
    void addCheck(std::string name, bool defaultValue, std::function<std::optional<std::string>(bool)> apply);
    void addButton(std::string name, std::function<std::optional<std::string>()> press);
    void addString(std::string name, std::string defaultValue, Apply apply);

    // The `option name ... type ...` lines, in declaration order.
    std::vector<std::string> uciLines() const;

    // Sets an option by name (UCI names are case-insensitive). Returns the reason when the name is
    // unknown or the value malformed or out of range; the option then keeps its value.
    std::optional<std::string> set(std::string_view name, std::string_view value);

    // Makes every spin's and check's current value its default, as `uci` then reports it: for an
    // options file given on the command line, whose values are the engine the user started.
    void adoptValuesAsDefaults();

    const Option* find(std::string_view name) const;
    const std::vector<Option>& all() const { return options_; }

private:
    Option* findMutable(std::string_view name);
    std::vector<Option> options_;
};

struct SetOptionCommand {
    std::string name;
    std::string value;
};
// Splits the arguments of `setoption` ("name <words> [value <words>]"); names and values may hold
// spaces. An error when "name" is missing.
std::optional<SetOptionCommand> parseSetOption(std::string_view args, std::string* error);

}  // namespace mf
