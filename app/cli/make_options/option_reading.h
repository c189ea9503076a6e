#pragma once
// Reading the command lines of make-suite and make-dataset with Boost.Program_options, for the
// messages those commands have always given: a value is text until it is checked here, so a bad
// number names its option and the range it must lie in, and program_options' syntax errors
// (unknown option, missing or extra value) are said in the same words. Every valued option is
// declared with textValue(): it may be given more than once, and the last one counts (a script
// can append an option to a base command line to change it).
#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/result.h"

namespace mf::cli {

// The declaration of a valued option: every occurrence is kept, as text.
boost::program_options::typed_value<std::vector<std::string>>* textValue(const char* valueName);

// How many times --`name` was given.
std::size_t occurrences(const boost::program_options::variables_map& values, const std::string& name);

// Parses `args` against `options`; a syntax error names the option (`command` points to its
// --help for an unknown one).
Result<boost::program_options::variables_map> parseOptionValues(const std::vector<std::string>& args,
                                                               const boost::program_options::options_description& options,
                                                               const std::string& command);

// The integer value of --`name` (its last occurrence) when given. Throws std::invalid_argument naming the option when
// the text is not a whole integer or lies outside lo..hi.
std::optional<std::int64_t> integerOption(const boost::program_options::variables_map& values, const std::string& name,
                                          std::int64_t lo, std::int64_t hi);

// The text of --`name` (its last occurrence) when given.
std::optional<std::string> textOption(const boost::program_options::variables_map& values, const std::string& name);

// Every occurrence of a repeatable --`name`, in order (none when not given).
std::vector<std::string> repeatedOption(const boost::program_options::variables_map& values, const std::string& name);

// "NAME=VALUE" split at its first '='; throws std::invalid_argument naming --`option` when there
// is no '=' or no name.
std::pair<std::string, std::string> nameValuePair(const std::string& text, const std::string& option);

// Runs `read` (which throws std::invalid_argument for a refused value) and turns its refusal into
// an Error.
template <class Read>
auto readChecked(Read read) -> Result<decltype(read())> {
    try {
        return read();
    } catch (const std::invalid_argument& refused) {
        return Error{refused.what()};
    }
}

}  // namespace mf::cli
