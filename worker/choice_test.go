package worker

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

func TestSandboxForAndRemoteErrors(t *testing.T) {
	t.Parallel()
	_, _, err := SandboxFor(context.Background(), "docker", false, io.Discard)
	if errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), "--sandbox") {
		t.Errorf("SandboxFor(docker) = %v, want a usage error naming --sandbox", err)
	}
	sb, unsandboxed, err := SandboxFor(context.Background(), "", false, io.Discard)
	if err != nil || !unsandboxed {
		t.Fatalf("SandboxFor(default, trusted) = %v, %v, %v", sb, unsandboxed, err)
	}
	if _, ok := sb.(None); !ok {
		t.Errorf("a trusted default is %T, want None", sb)
	}
	var opts Options
	err = Remote{AllowCIDRs: []string{"not-a-range"}}.Apply(&opts)
	if errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), "--allow-remote-cidr") {
		t.Errorf("Apply(bad range) = %v, want a usage error naming --allow-remote-cidr", err)
	}
	if err := (Remote{AllowCIDRs: []string{"10.0.0.0/8"}}).Apply(&opts); err != nil || len(opts.RemoteAllow) != 1 || opts.Hosts == nil {
		t.Errorf("Apply(10.0.0.0/8) = %v, allow %v, hosts %v", err, opts.RemoteAllow, opts.Hosts)
	}
}
