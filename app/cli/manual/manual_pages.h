#pragma once
// The manual pages of matefind-cli, one markdown file per command in docs/commands/, compiled
// into the program at build time (cmake/EmbedManualPages.cmake writes the table), so `help NAME`
// needs no file at run time and says what the installed man page says. The page named
// "matefind-cli" is the overview: what the commands are and how to get help.

#include <span>
#include <string_view>

namespace mf::cli::manual {

struct ManualPage {
    std::string_view name;      // the file name without .md: a command's name, or "matefind-cli"
    std::string_view markdown;  // the file's text
};

inline constexpr std::string_view overviewPageName = "matefind-cli";

// Every page, sorted by name (defined in the generated manual_pages.cpp).
std::span<const ManualPage> manualPages();

inline const ManualPage* findManualPage(std::string_view name) {
    for (const ManualPage& page : manualPages())
        if (page.name == name) return &page;
    return nullptr;
}

}  // namespace mf::cli::manual
