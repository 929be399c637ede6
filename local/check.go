package local

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// CheckOptions configure Check.
type CheckOptions struct {
	Target Target
	// FailOn is --fail-on: critical, high, medium, low or none.
	FailOn string
	// CallTools says which real tools tests may call, Mode is the session
	// plan, Skip and Only pick tests (config check.*).
	CallTools  compliance.CallMode
	Mode       compliance.Mode
	Skip, Only []string
}

// Validate checks the target (a live one) and --fail-on.
func (o CheckOptions) Validate() error {
	if err := o.Target.Validate(); err != nil {
		return err
	}
	if o.Target.ToolsJSON != "" {
		return errkind.AsUsage(errors.New("check needs a live server; --tools-json has no protocol to test"))
	}
	if _, err := compliance.ParseFailOn(o.FailOn); err != nil {
		return errkind.AsUsage(fmt.Errorf("--fail-on %w", err))
	}
	return nil
}

// CheckResult is the server checked, the transport it was reached over,
// the call mode and the compliance report.
type CheckResult struct {
	Snapshot  *model.Snapshot
	Transport string
	CallTools compliance.CallMode
	Report    compliance.Report
}

// Check connects to the target and runs every compliance test in the
// catalogue. A failed test at or above FailOn returns the result with a
// threshold error.
func Check(ctx context.Context, o CheckOptions) (*CheckResult, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	floor, _ := compliance.ParseFailOn(o.FailOn)
	t, err := o.Target.Resolve()
	if err != nil {
		return nil, err
	}
	copts := o.Target.ConnectOptions()
	sess, err := connect.Dial(ctx, t, copts)
	if err != nil {
		return nil, errkind.AsUnreachable(err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return nil, errkind.AsUnreachable(err)
	}
	env := compliance.NewEnv(t, sess, snap, compliance.Options{CallTools: o.CallTools, Timeout: o.Target.Timeout, Connect: copts, Mode: o.Mode})
	rep := compliance.Run(ctx, env, compliance.RunOptions{Timeout: o.Target.Timeout, Skip: o.Skip, Only: o.Only})
	r := &CheckResult{Snapshot: snap, Transport: sess.Transport, CallTools: o.CallTools, Report: rep}
	if rep.FailsAt(floor) {
		return r, errkind.Missed("")
	}
	return r, nil
}
