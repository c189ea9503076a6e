#pragma once
// The group of an evaluation term, for showing hundreds of terms by group (the window's genome
// tree, its gene chart, the engine's option checklist). The naming contract of engines with many
// terms: an option is called `Group.Rest` ("Psqt.Knight.Mg.d4", "Mobility.Rook.Eg.7"); the group
// is the text before the first dot, and a name without a dot (or starting with one) has none.
// A genome JSON may also name a term's group itself (field "group"): when the Term type carries
// such a field and it is not empty, it wins over the name. The check is made at compile time, so
// this header works with a Term that has the field and with one that has not.
#include "evolution/ga/genome.h"

#include <string>
#include <string_view>

namespace mf::ga {

// "Psqt.Knight.Mg.d4" -> "Psqt"; "KnightValue" -> ""; ".x" -> "".
inline std::string_view groupOfName(std::string_view name) {
    const std::size_t dot = name.find('.');
    return dot == std::string_view::npos ? std::string_view{} : name.substr(0, dot);
}

// The group of `term`: its own "group" field when the type has one and it is set, else the
// option's group by the naming contract (the option is the engine's name), else the name's.
template <class T>
std::string termGroup(const T& term) {
    if constexpr (requires { term.group.has_value(); }) {
        if (term.group && !term.group->empty())
            return std::string(*term.group);
    } else if constexpr (requires { term.group.empty(); }) {
        if (!term.group.empty())
            return std::string(term.group);
    }
    const std::string_view byOption = groupOfName(term.option);
    return std::string(byOption.empty() ? groupOfName(term.name) : byOption);
}

// True when any term of `genome` has a group: the window then shows the genome by group.
inline bool hasGroups(const Genome& genome) {
    for (const Term& t : genome.terms())
        if (!termGroup(t).empty())
            return true;
    return false;
}

}  // namespace mf::ga
