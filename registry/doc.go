// Package registry reads MCP server registries into one normalised Server
// type and chooses a launch plan for each entry. It never launches anything.
//
// Sources (see NewSource): the official registry API (/v0.1/servers, and any
// registry that serves the same API, such as the staging registry or the
// PulseMCP sub-registry), local files in any of the official registry's three
// historical shapes, the PulseMCP v0beta API, Smithery, Glama and the Docker
// MCP catalog. Every source streams Server values through a callback and
// reports failures as *SourceError, which names the source, the page and the
// cause and never contains an API key.
//
// Normalise drops deleted entries, flags deprecated ones and decides the
// latest version of each name itself (by semver when every version of the name
// is semver, else by publish time). Dedupe merges entries that launch the same
// package (or remote) into one scan Target. PlanFor turns an entry into a
// Plan a worker can install and launch from. ComputeStats counts entries by
// package type, transport and credential needs.
package registry
