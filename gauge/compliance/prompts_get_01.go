package compliance

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// promptsGet01 is mcp-quality-gate's prompts-get-01: a listed prompt renders.
func promptsGet01() Test {
	return Test{
		ID:         "prompts-get-01",
		Name:       "Can get a listed prompt",
		Category:   CategoryPrompts,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/prompts"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "prompts",
		Invokes:    false,
		Revision:   2,
		Run:        runPromptsGet01,
	}
}

func runPromptsGet01(ctx context.Context, e *Env) Result {
	ps, r := snapshotPrompts(e)
	if r != nil {
		return *r
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	// quality-gate gets the first prompt. A prompt that fails only because
	// the server wants a client capability mcpgauge does not declare
	// (elicitation, sampling) is not applicable: the next one is tried.
	var skipped []string
	for _, p := range ps {
		args := map[string]string{}
		for _, a := range p.Arguments {
			if a.Required {
				args[a.Name] = "test"
			}
		}
		out, err := c.GetPrompt(ctx, &mcp.GetPromptParams{Name: p.Name, Arguments: args})
		if err != nil {
			if why := needsClientCapability(err); why != "" && ctx.Err() == nil {
				skipped = append(skipped, fmt.Sprintf("%s: not applicable: %s", p.Name, why))
				continue
			}
			if cause, yes := environmentCause(err); yes {
				return notTestable("prompts/get %s failed on a backend the scan cannot reach or has no credentials for (%s): %v", p.Name, cause, err).with(skipped...)
			}
			return fail("prompts/get %s failed: %v", p.Name, err).with(skipped...)
		}
		if out == nil || len(out.Messages) == 0 {
			return fail("prompts/get %s returned no messages", p.Name).with(skipped...)
		}
		return pass("Got prompt %s (%d message(s))", p.Name, len(out.Messages)).with(skipped...)
	}
	return skip("every listed prompt needs a client capability mcpgauge does not declare").with(skipped...)
}
