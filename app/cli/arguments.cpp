#include "app/cli/arguments.h"

#include <iostream>
#include <stdexcept>

#include "evolution/ga/population_file.h"

namespace po = boost::program_options;

namespace mf::cli {

CommandLine::CommandLine(std::string command, po::options_description options)
    : command_(std::move(command)), options_(std::move(options)) {}

void CommandLine::positional(const char* name, int count) { positional_.add(name, count); }

std::optional<int> CommandLine::parse(const std::vector<std::string>& args, std::string_view helpText,
                                      const std::function<void(const po::variables_map&)>& check) {
    try {
        po::store(po::command_line_parser(args).options(options_).positional(positional_).run(), values_);
        po::notify(values_);
        if (values_.count("help")) {
            std::cout << options_ << helpText;
            return 0;
        }
        if (check) check(values_);
    } catch (const std::logic_error& error) {  // po::error and std::invalid_argument are logic errors
        return usageError(error.what());
    } catch (const std::runtime_error& error) {
        return failure(error.what());
    }
    return std::nullopt;
}

int CommandLine::usageError(const std::string& message) const {
    std::cerr << "matefind-cli " << command_ << ": " << message << "\n(see `matefind-cli " << command_ << " --help`)\n";
    return 2;
}

int CommandLine::failure(const std::string& message) const {
    std::cerr << "matefind-cli " << command_ << ": " << message << "\n";
    return 1;
}

void requirePopulationFile(const po::variables_map& values) {
    if (!values.count("file")) throw std::invalid_argument("a population FILE is required");
}

std::optional<ga::RunState> loadPopulationOrReport(const std::string& command, const std::string& file) {
    auto state = ga::loadPopulation(file);
    if (!state) {
        std::cerr << "matefind-cli " << command << ": " << state.error().message << "\n";
        return std::nullopt;
    }
    return std::move(*state);
}

}  // namespace mf::cli
