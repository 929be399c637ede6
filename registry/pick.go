package registry

import (
	"fmt"
	"sort"
	"strings"
)

// Pick chooses one entry of servers by name and version. An empty name is
// allowed when every entry has the same name; an empty version picks the
// latest, decided as Normalise decides it. from names where the entries
// came from (a file, a registry) in the errors, which say what is there to
// choose from; the hint for several names is the CLI's --name flag.
func Pick(servers []Server, name, version, from string) (Server, error) {
	if len(servers) == 0 && name == "" {
		return Server{}, fmt.Errorf("%s holds no entries", from)
	}
	var named []Server
	names := map[string]bool{}
	for _, s := range servers {
		if name == "" || s.Name == name {
			named = append(named, s)
			names[s.Name] = true
		}
	}
	if len(named) == 0 {
		return Server{}, fmt.Errorf("%s has no entry named %q", from, name)
	}
	if len(names) > 1 {
		list := make([]string, 0, len(names))
		for n := range names {
			list = append(list, n)
		}
		sort.Strings(list)
		if len(list) > 10 {
			list = append(list[:10], "...")
		}
		return Server{}, fmt.Errorf("%s holds %d servers; pick one with --name (%s)", from, len(names), strings.Join(list, ", "))
	}
	if len(named) == 1 && version == "" {
		return named[0], nil
	}
	normal, _ := Normalise(named, NormaliseOptions{})
	var versions []string
	for _, s := range normal {
		versions = append(versions, s.Version)
		if (version != "" && s.Version == version) || (version == "" && s.IsLatest) {
			return s, nil
		}
	}
	if len(normal) == 0 {
		return Server{}, fmt.Errorf("%s lists only deleted versions of %s", from, named[0].Name)
	}
	if version != "" {
		return Server{}, fmt.Errorf("%s has no version %q of %s (versions: %s)", from, version, named[0].Name, strings.Join(versions, ", "))
	}
	return normal[len(normal)-1], nil
}
