#include "engine/options.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "engine/whole_number.h"

namespace mf {

namespace {

bool equalNoCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

void checkUnique(const std::vector<OptionTable::Option>& options, const std::string& name) {
    for (const auto& o : options)
        if (equalNoCase(o.name, name)) throw std::logic_error("UCI option declared twice: " + name);
}

}  // namespace

void OptionTable::addSpin(std::string name, long long defaultValue, long long min, long long max,
                          std::function<std::optional<std::string>(long long)> apply) {
    checkUnique(options_, name);
    std::string def = std::to_string(defaultValue);
    options_.push_back({std::move(name), Type::Spin, def, min, max, def,
                        // set() has checked v and rewritten it as plain digits, so it reads back.
                        [apply = std::move(apply)](const std::string& v) {
                            return apply(parseWholeNumber<long long>(v).value());
                        }});
}

void OptionTable::addCheck(std::string name, bool defaultValue, std::function<std::optional<std::string>(bool)> apply) {
    checkUnique(options_, name);
    std::string def = defaultValue ? "true" : "false";
    options_.push_back({std::move(name), Type::Check, def, 0, 0, def,
                        [apply = std::move(apply)](const std::string& v) { return apply(v == "true"); }});
}

void OptionTable::addButton(std::string name, std::function<std::optional<std::string>()> press) {
    checkUnique(options_, name);
    options_.push_back({std::move(name), Type::Button, "", 0, 0, "",
                        [press = std::move(press)](const std::string&) { return press(); }});
}

void OptionTable::addString(std::string name, std::string defaultValue, Apply apply) {
    checkUnique(options_, name);
    std::string def = defaultValue;
    options_.push_back({std::move(name), Type::String, def, 0, 0, std::move(defaultValue), std::move(apply)});
}

std::vector<std::string> OptionTable::uciLines() const {
    std::vector<std::string> lines;
    for (const Option& o : options_) {
        std::string line = "option name " + o.name + " type ";
        switch (o.type) {
            case Type::Spin:
                line += "spin default " + o.defaultValue + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
                break;
            case Type::Check: line += "check default " + o.defaultValue; break;
            case Type::Button: line += "button"; break;
            case Type::String: line += "string default " + (o.defaultValue.empty() ? "<empty>" : o.defaultValue); break;
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

const OptionTable::Option* OptionTable::find(std::string_view name) const {
    for (const Option& o : options_)
        if (equalNoCase(o.name, name)) return &o;
    return nullptr;
}

OptionTable::Option* OptionTable::findMutable(std::string_view name) {
    return const_cast<Option*>(static_cast<const OptionTable*>(this)->find(name));
}

std::optional<std::string> OptionTable::set(std::string_view name, std::string_view value) {
    Option* o = findMutable(name);
    if (!o) return "unknown option '" + std::string(name) + "'";
    std::string v(value);
    switch (o->type) {
        case Type::Spin: {
            const auto number = parseWholeNumber<long long>(v);
            if (!number) return "option '" + o->name + "': value '" + v + "' is not an integer";
            const long long n = *number;
            if (n < o->min || n > o->max)
                return "option '" + o->name + "': value " + v + " is out of range " + std::to_string(o->min) + ".." +
                       std::to_string(o->max);
            v = std::to_string(n);
            break;
        }
        case Type::Check:
            if (v != "true" && v != "false") return "option '" + o->name + "': value '" + v + "' is not true or false";
            break;
        case Type::Button:
            break;
        case Type::String:
            if (v == "<empty>") v.clear();
            break;
    }
    if (auto error = o->apply(v)) return "option '" + o->name + "': " + *error;
    if (o->type != Type::Button) o->value = v;
    return std::nullopt;
}

void OptionTable::adoptValuesAsDefaults() {
    for (Option& o : options_)
        if (o.type == Type::Spin || o.type == Type::Check) o.defaultValue = o.value;
}

std::optional<SetOptionCommand> parseSetOption(std::string_view args, std::string* error) {
    std::istringstream in{std::string(args)};
    std::string token;
    if (!(in >> token) || token != "name") {
        if (error) *error = "setoption: expected 'name <option> [value <value>]'";
        return std::nullopt;
    }
    SetOptionCommand cmd;
    bool inValue = false;
    while (in >> token) {
        if (!inValue && token == "value") {
            inValue = true;
            continue;
        }
        std::string& target = inValue ? cmd.value : cmd.name;
        if (!target.empty()) target += ' ';
        target += token;
    }
    if (cmd.name.empty()) {
        if (error) *error = "setoption: the option name is missing";
        return std::nullopt;
    }
    return cmd;
}

}  // namespace mf
