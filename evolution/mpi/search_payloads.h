#pragma once
// The payloads of ItemKind::Search: a uci search request and its result, as bytes. Searches are
// how the suite measures (and `solve`) use the worker ranks' engines.

#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/uci/search_types.h"

namespace mf::mpi {

std::string encode(const uci::SearchRequest& request);
std::string encode(const uci::SearchResult& result);
Result<uci::SearchRequest> decodeSearchRequest(std::string_view bytes);
Result<uci::SearchResult> decodeSearchResult(std::string_view bytes);

}  // namespace mf::mpi
