package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNotObject is the error of an item of a list result that is not a
// JSON object; the item has nothing to keep.
var ErrNotObject = errors.New("not a JSON object")

// ResourceFromWire builds a Resource from one element of a resources/list
// result. Fields of the wrong type read as "".
func ResourceFromWire(raw json.RawMessage) (Resource, error) {
	m, err := wireFields(raw)
	if err != nil {
		return Resource{}, err
	}
	return Resource{URI: wireStr(m, "uri"), Name: wireStr(m, "name"), Title: wireStr(m, "title"),
		Description: wireStr(m, "description"), MIMEType: wireStr(m, "mimeType"), Raw: append(json.RawMessage(nil), raw...)}, nil
}

// TemplateFromWire builds a ResourceTemplate from one element of a
// resources/templates/list result. Fields of the wrong type read as "".
func TemplateFromWire(raw json.RawMessage) (ResourceTemplate, error) {
	m, err := wireFields(raw)
	if err != nil {
		return ResourceTemplate{}, err
	}
	return ResourceTemplate{URITemplate: wireStr(m, "uriTemplate"), Name: wireStr(m, "name"), Title: wireStr(m, "title"),
		Description: wireStr(m, "description"), MIMEType: wireStr(m, "mimeType"), Raw: append(json.RawMessage(nil), raw...)}, nil
}

// PromptFromWire builds a Prompt from one element of a prompts/list
// result. Fields of the wrong type read as "". When its arguments are not
// a list of objects it returns the prompt with the arguments it could read
// and an error that is not ErrNotObject.
func PromptFromWire(raw json.RawMessage) (Prompt, error) {
	m, err := wireFields(raw)
	if err != nil {
		return Prompt{}, err
	}
	p := Prompt{Name: wireStr(m, "name"), Title: wireStr(m, "title"), Description: wireStr(m, "description"),
		Raw: append(json.RawMessage(nil), raw...)}
	a, ok := m["arguments"]
	if !ok || len(bytes.TrimSpace(a)) == 0 || bytes.Equal(bytes.TrimSpace(a), []byte("null")) {
		return p, nil
	}
	var args []map[string]json.RawMessage
	err = json.Unmarshal(a, &args)
	for _, am := range args {
		var req bool
		if r, ok := am["required"]; ok {
			_ = json.Unmarshal(r, &req)
		}
		p.Arguments = append(p.Arguments, PromptArgument{Name: wireStr(am, "name"), Title: wireStr(am, "title"),
			Description: wireStr(am, "description"), Required: req})
	}
	if err != nil {
		return p, fmt.Errorf("arguments: %w", err)
	}
	return p, nil
}

func wireFields(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotObject, err)
	}
	if m == nil {
		return nil, ErrNotObject
	}
	return m, nil
}

// wireStr is the string field key of m ("" when absent or not a string).
func wireStr(m map[string]json.RawMessage, key string) string {
	var s string
	if raw, ok := m[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}
