package leaderboard

import (
	"net/url"
	"strings"
)

// ServerPath is the board's page of a server: /servers/{name}, each segment
// of the name escaped. A name whose segments a browser or the router would
// fold (empty, "." or "..") gets the query form /server?name=..., which
// reaches the same page unchanged.
func ServerPath(name string) string {
	segs := strings.Split(name, "/")
	for i, s := range segs {
		switch s {
		case "", ".", "..":
			return "/server?name=" + url.QueryEscape(name)
		}
		if u, err := url.PathUnescape(s); err != nil || u == "." || u == ".." {
			return "/server?name=" + url.QueryEscape(name)
		}
		segs[i] = url.PathEscape(s)
	}
	return "/servers/" + strings.Join(segs, "/")
}
