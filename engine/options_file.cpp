#include "engine/options_file.h"
#include "engine/text.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace mf {

namespace {

// The option name and value of one non-comment line, or the reason the line has neither.
std::optional<SetOptionCommand> parseLine(std::string_view line, std::string* error) {
    constexpr std::string_view SetOption = "setoption";
    if (line.substr(0, SetOption.size()) == SetOption &&
        (line.size() == SetOption.size() || line[SetOption.size()] == ' ' || line[SetOption.size()] == '\t'))
        return parseSetOption(line.substr(SetOption.size()), error);
    const auto equals = line.find('=');
    if (equals == std::string_view::npos) {
        *error = "expected '<option> = <value>', got '" + std::string(line) + "'";
        return std::nullopt;
    }
    SetOptionCommand cmd{std::string(trim(line.substr(0, equals))), std::string(trim(line.substr(equals + 1)))};
    if (cmd.name.empty()) {
        *error = "the option name before '=' is missing";
        return std::nullopt;
    }
    return cmd;
}

}  // namespace

OptionsFileResult applyOptionsText(OptionTable& options, std::string_view text, const std::string& fileName) {
    OptionsFileResult result;
    int lineNumber = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view raw = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++lineNumber;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        std::string error;
        if (auto cmd = parseLine(line, &error)) {
            if (auto refused = options.set(cmd->name, cmd->value)) error = *refused;
            else {
                ++result.applied;
                continue;
            }
        }
        result.problems.push_back(fileName + ":" + std::to_string(lineNumber) + ": " + error);
    }
    return result;
}

OptionsFileResult applyOptionsFile(OptionTable& options, const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        OptionsFileResult result;
        result.openError = "cannot read options file " + path.string() + ": it is a directory";
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        OptionsFileResult result;
        result.openError = "cannot read options file " + path.string() + ": " + std::strerror(errno);
        return result;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        OptionsFileResult result;
        result.openError = "error while reading options file " + path.string();
        return result;
    }
    return applyOptionsText(options, text.str(), path.string());
}

}  // namespace mf
