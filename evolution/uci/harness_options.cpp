#include "evolution/uci/harness_options.h"

#include <algorithm>

#include "evolution/uci/option_name.h"

namespace mf::uci {

const std::vector<std::string>& threadOptionNames() {
    static const std::vector<std::string> names{"Threads", "Number of Threads"};
    return names;
}

std::optional<ThreadOption> threadOption(const EngineIdentity& identity) {
    for (const std::string& name : threadOptionNames())
        if (const UciOption* option = identity.findOption(name); option && option->type == OptionType::Spin)
            return ThreadOption{option, std::max<std::int64_t>(1, option->min)};
    return std::nullopt;
}

OptionValues harnessOptions(const EngineIdentity& identity, const OptionValues& fixed, const HarnessChoices& choices) {
    OptionValues out;
    auto choose = [&](std::string_view name, OptionType type, const std::string& value) {
        const UciOption* option = identity.findOption(name);
        if (!option || option->type != type) return;
        for (const auto& [given, ignored] : fixed)
            if (sameOptionName(given, option->name)) return;
        if (sameOptionName(option->defaultValue, value)) return;
        out.emplace_back(option->name, value);
    };
    if (choices.tunerDefaults) {
        if (auto threads = threadOption(identity))
            choose(threads->option->name, OptionType::Spin, std::to_string(threads->count));
        choose("OwnBook", OptionType::Check, "false");
        choose("Ponder", OptionType::Check, "false");
    }
    if (choices.smallestHash)
        if (const UciOption* hash = identity.findOption("Hash"); hash && hash->type == OptionType::Spin)
            choose("Hash", OptionType::Spin, std::to_string(std::max<std::int64_t>(1, hash->min)));
    return out;
}

}  // namespace mf::uci
