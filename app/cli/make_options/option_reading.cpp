#include "app/cli/make_options/option_reading.h"

#include <stdexcept>

#include "engine/whole_number.h"

namespace po = boost::program_options;

namespace mf::cli {

Result<po::variables_map> parseOptionValues(const std::vector<std::string>& args, const po::options_description& options,
                                            const std::string& command) {
    po::variables_map values;
    try {
        po::store(po::command_line_parser(args).options(options).run(), values);
        po::notify(values);
    } catch (const po::unknown_option& e) {
        return Error{"unknown option '" + e.get_option_name() + "' (see matefind-cli " + command + " --help)"};
    } catch (const po::invalid_command_line_syntax& e) {
        if (e.kind() == po::invalid_command_line_syntax::missing_parameter)
            return Error{"option " + e.get_option_name() + " needs a value"};
        if (e.kind() == po::invalid_command_line_syntax::extra_parameter)
            return Error{"option " + e.get_option_name() + " takes no value"};
        return Error{e.what()};
    } catch (const po::error& e) {
        return Error{e.what()};
    }
    return values;
}

po::typed_value<std::vector<std::string>>* textValue(const char* valueName) {
    return po::value<std::vector<std::string>>()->composing()->value_name(valueName);
}

std::size_t occurrences(const po::variables_map& values, const std::string& name) {
    return repeatedOption(values, name).size();
}

std::optional<std::string> textOption(const po::variables_map& values, const std::string& name) {
    const std::vector<std::string> given = repeatedOption(values, name);
    if (given.empty()) return std::nullopt;
    return given.back();
}

std::optional<std::int64_t> integerOption(const po::variables_map& values, const std::string& name, std::int64_t lo,
                                          std::int64_t hi) {
    const auto text = textOption(values, name);
    if (!text) return std::nullopt;
    const auto number = parseWholeNumber<std::int64_t>(*text);
    if (!number) throw std::invalid_argument("option --" + name + ": '" + *text + "' is not an integer");
    if (*number < lo || *number > hi)
        throw std::invalid_argument("option --" + name + ": " + *text + " is outside " + std::to_string(lo) + ".." +
                                    std::to_string(hi));
    return number;
}

std::vector<std::string> repeatedOption(const po::variables_map& values, const std::string& name) {
    if (!values.count(name)) return {};
    return values[name].as<std::vector<std::string>>();
}

std::pair<std::string, std::string> nameValuePair(const std::string& text, const std::string& option) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw std::invalid_argument("option --" + option + ": '" + text + "' is not NAME=VALUE");
    return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace mf::cli
