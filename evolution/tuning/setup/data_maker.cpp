#include "evolution/tuning/setup/data_maker.h"

#include <fstream>
#include <sstream>
#include <system_error>

namespace mf::tuning {
namespace {

// The words of a shell command line, single and double quotes undone.
std::vector<std::string> shellWords(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (char c : line) {
        if (quote) {
            if (c == quote) quote = 0;
            else word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            inWord = true;
        } else if (c == ' ' || c == '\t') {
            if (inWord) words.push_back(std::move(word));
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord) words.push_back(std::move(word));
    return words;
}

bool sameProgram(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code error;
    if (std::filesystem::equivalent(a, b, error)) return true;
    return std::filesystem::weakly_canonical(a, error) == std::filesystem::weakly_canonical(b, error);
}

}  // namespace

std::optional<std::filesystem::path> dataMakerOf(std::string_view header, const std::filesystem::path& bundledEngine) {
    std::istringstream lines{std::string(header)};
    for (std::string line; std::getline(lines, line);) {
        const std::size_t at = line.find("matefind-cli make-dataset");
        if (at == std::string::npos || line.find("rebuild with") != std::string::npos) continue;
        const std::vector<std::string> words = shellWords(std::string_view(line).substr(at));
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[i] == "--engine" && i + 1 < words.size()) return std::filesystem::path(words[i + 1]);
            if (words[i].rfind("--engine=", 0) == 0) return std::filesystem::path(words[i].substr(9));
        }
        return bundledEngine;
    }
    return std::nullopt;
}

std::optional<std::filesystem::path> dataMaker(const std::filesystem::path& file, const std::filesystem::path& bundledEngine) {
    std::ifstream in(file);
    std::string header;
    for (std::string line; std::getline(in, line) && line.rfind('#', 0) == 0;) header += line + "\n";
    return dataMakerOf(header, bundledEngine);
}

std::optional<std::string> heldOutMadeByAnotherEngine(const TuningSettings& settings,
                                                      const std::filesystem::path& bundledEngine) {
    if (settings.measure != FitnessMeasure::Evalfit) return std::nullopt;
    const std::filesystem::path& heldOut = settings.of<EvalfitSettings>().heldOutData;
    if (heldOut.empty() || settings.engine.program.empty()) return std::nullopt;
    const auto maker = dataMaker(heldOut, bundledEngine);
    if (!maker || sameProgram(*maker, settings.engine.program)) return std::nullopt;
    return "the held-out data " + heldOut.filename().string() + " was made by " + maker->filename().string() +
           ", the run tunes " + settings.engine.program.filename().string() +
           ": another engine's positions are no test of these weights (the run would likely keep its start values). "
           "Make held-out data with this engine (the Data tab, or make-dataset --engine with another seed)";
}

}  // namespace mf::tuning
