package registry

import (
	"slices"
	"testing"
)

func TestSourceNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		links []string
		want  []string
	}{
		{nil, nil},
		{[]string{"official"}, []string{"official"}},
		{[]string{"official", "smithery", "official", "glama", "smithery"}, []string{"official", "smithery", "glama"}},
	} {
		var s Server
		for _, l := range tc.links {
			s.Sources = append(s.Sources, Listing{Source: l})
		}
		if got := s.SourceNames(); !slices.Equal(got, tc.want) {
			t.Errorf("SourceNames(%v) = %v, want %v", tc.links, got, tc.want)
		}
	}
}
