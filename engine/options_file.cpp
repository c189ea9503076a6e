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

std::vector<OptionsFileLine> parseOptionsText(std::string_view text) {
    std::vector<OptionsFileLine> lines;
    int number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view raw = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++number;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#') continue;
        OptionsFileLine parsed;
        parsed.number = number;
        parsed.option = parseLine(line, &parsed.error);
        lines.push_back(std::move(parsed));
    }
    return lines;
}

std::string optionsFileProblem(const std::string& fileName, int line, const std::string& reason) {
    return fileName + ":" + std::to_string(line) + ": " + reason;
}

OptionsFileText readOptionsFileText(const std::filesystem::path& path) {
    OptionsFileText result;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        result.openError = "cannot read options file " + path.string() + ": it is a directory";
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.openError = "cannot read options file " + path.string() + ": " + std::strerror(errno);
        return result;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        result.openError = "error while reading options file " + path.string();
        return result;
    }
    result.text = text.str();
    return result;
}

OptionsFileResult applyOptionsText(OptionTable& options, std::string_view text, const std::string& fileName) {
    OptionsFileResult result;
    for (OptionsFileLine& line : parseOptionsText(text)) {
        if (line.option) {
            auto refused = options.set(line.option->name, line.option->value);
            if (!refused) {
                ++result.applied;
                continue;
            }
            line.error = *refused;
        }
        result.problems.push_back(optionsFileProblem(fileName, line.number, line.error));
    }
    return result;
}

OptionsFileResult applyOptionsFile(OptionTable& options, const std::filesystem::path& path) {
    OptionsFileText file = readOptionsFileText(path);
    if (file.openError) {
        OptionsFileResult result;
        result.openError = std::move(file.openError);
        return result;
    }
    return applyOptionsText(options, file.text, path.string());
}

}  // namespace mf
