package model

import (
	"errors"
	"reflect"
	"testing"
)

// TestItemsFromWire: resources, templates and prompts decode leniently (a
// field of the wrong type reads as ""); an item that is not an object is
// ErrNotObject; a prompt whose arguments are not a list of objects keeps
// what could be read, with an error of its own.
func TestItemsFromWire(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{`5`, `null`, `[1]`, `"x"`, `{`} {
		_, e1 := ResourceFromWire([]byte(raw))
		_, e2 := TemplateFromWire([]byte(raw))
		_, e3 := PromptFromWire([]byte(raw))
		for _, err := range []error{e1, e2, e3} {
			if !errors.Is(err, ErrNotObject) {
				t.Errorf("%s: err %v, want ErrNotObject", raw, err)
			}
		}
	}
	r, err := ResourceFromWire([]byte(`{"uri":"file:///a","name":7,"mimeType":"text/plain"}`))
	if err != nil || r.URI != "file:///a" || r.Name != "" || r.MIMEType != "text/plain" || string(r.Raw) == "" {
		t.Errorf("resource = %+v, %v", r, err)
	}
	tp, err := TemplateFromWire([]byte(`{"uriTemplate":"file:///{p}","title":"T"}`))
	if err != nil || tp.URITemplate != "file:///{p}" || tp.Title != "T" {
		t.Errorf("template = %+v, %v", tp, err)
	}
	cases := []struct {
		raw     string
		args    []PromptArgument
		wantErr bool
	}{
		{`{"name":"p"}`, nil, false},
		{`{"name":"p","arguments":null}`, nil, false},
		{`{"name":"p","arguments":[{"name":"a","required":true},{"name":"b","required":"yes"}]}`, []PromptArgument{{Name: "a", Required: true}, {Name: "b"}}, false},
		{`{"name":"p","arguments":[{"name":"a"},5]}`, []PromptArgument{{Name: "a"}, {}}, true},
		{`{"name":"p","arguments":"none"}`, nil, true},
	}
	for _, c := range cases {
		p, err := PromptFromWire([]byte(c.raw))
		if p.Name != "p" || !reflect.DeepEqual(p.Arguments, c.args) || (err != nil) != c.wantErr || errors.Is(err, ErrNotObject) {
			t.Errorf("%s: prompt %+v, err %v; want arguments %+v, error %v", c.raw, p, err, c.args, c.wantErr)
		}
	}
}
