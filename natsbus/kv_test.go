package natsbus_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/natsbus/kvtest"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestKV runs the harness on the adapter itself, over every bucket of
// schema.BucketSpecs (its users run it through their own APIs).
func TestKV(t *testing.T) {
	t.Parallel()
	for _, b := range schema.BucketSpecs() {
		t.Run(b.Bucket, func(t *testing.T) {
			t.Parallel()
			kvtest.Run(t, kvtest.Use{Bucket: b.Bucket, Open: func(ctx context.Context, js jetstream.JetStream) (kvtest.Store, error) {
				kv, err := natsbus.OpenBucket(ctx, js, b.Bucket)
				return kvtest.KVStore{KV: kv}, err
			}})
		})
	}
}

// noReconfigure is a JetStream on which creating, changing or deleting a
// bucket or stream fails the test.
type noReconfigure struct {
	jetstream.JetStream
	t *testing.T
}

func (n noReconfigure) refuse(what string) error {
	n.t.Errorf("a bucket user called %s", what)
	return errors.New("refused: " + what)
}

func (n noReconfigure) CreateKeyValue(context.Context, jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return nil, n.refuse("CreateKeyValue")
}

func (n noReconfigure) CreateOrUpdateKeyValue(context.Context, jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return nil, n.refuse("CreateOrUpdateKeyValue")
}

func (n noReconfigure) UpdateKeyValue(context.Context, jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	return nil, n.refuse("UpdateKeyValue")
}

func (n noReconfigure) DeleteKeyValue(context.Context, string) error {
	return n.refuse("DeleteKeyValue")
}

func (n noReconfigure) CreateOrUpdateStream(context.Context, jetstream.StreamConfig) (jetstream.Stream, error) {
	return nil, n.refuse("CreateOrUpdateStream")
}

func (n noReconfigure) UpdateStream(context.Context, jetstream.StreamConfig) (jetstream.Stream, error) {
	return nil, n.refuse("UpdateStream")
}

// TestKVUsesNeverReconfigure: after Setup, opening and using every bucket
// as a worker does changes no bucket's config; opening a bucket that does
// not exist fails without creating it; and no code outside natsbus.Setup
// creates or reconfigures a bucket, or opens one except through
// natsbus.KV.
func TestKVUsesNeverReconfigure(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	js := natstest.Run(t, natstest.Options{Dir: t.TempDir()}).JS
	guarded := noReconfigure{JetStream: js, t: t}
	for _, spec := range schema.BucketSpecs() {
		before := bucketConfig(ctx, t, js, spec.Bucket)
		kv, err := natsbus.OpenKV(ctx, guarded, spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, "k", []byte("v")); err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Keys(ctx); err != nil {
			t.Fatal(err)
		}
		if err := kv.Delete(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if after := bucketConfig(ctx, t, js, spec.Bucket); !reflect.DeepEqual(before, after) {
			t.Errorf("bucket %s changed:\nbefore %+v\nafter  %+v", spec.Bucket, before, after)
		}
	}

	bare := natstest.Run(t, natstest.Options{Dir: t.TempDir(), Bare: true}).JS
	for _, spec := range schema.BucketSpecs() {
		if _, err := natsbus.OpenKV(ctx, noReconfigure{JetStream: bare, t: t}, spec); !errors.Is(err, natsbus.ErrNotSetUp) {
			t.Errorf("open absent %s = %v, want ErrNotSetUp", spec.Bucket, err)
		}
		if _, err := bare.Stream(ctx, "KV_"+spec.Bucket); !errors.Is(err, jetstream.ErrStreamNotFound) {
			t.Errorf("opening created %s (lookup: %v)", spec.Bucket, err)
		}
	}

	for _, v := range bucketCallsOutsideNatsbus(t) {
		t.Error(v)
	}
}

// bucketConfig is the config of the stream behind a bucket.
func bucketConfig(ctx context.Context, t *testing.T, js jetstream.JetStream, bucket string) jetstream.StreamConfig {
	t.Helper()
	s, err := js.Stream(ctx, "KV_"+bucket)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return info.Config
}

// bucketCallsOutsideNatsbus lists, in the module's non-test Go files, the
// calls that create, change or delete a bucket anywhere but natsbus.Setup,
// and the calls opening a bucket anywhere but natsbus.OpenKV.
func bucketCallsOutsideNatsbus(t *testing.T) []string {
	t.Helper()
	allowed := map[string]string{ // method -> the one function that may call it
		"CreateOrUpdateKeyValue": "natsbus.Setup",
		"KeyValue":               "natsbus.OpenKV",
		"CreateKeyValue":         "",
		"UpdateKeyValue":         "",
		"DeleteKeyValue":         "",
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	files := 0
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			where := f.Name.Name + "." + fn.Name.Name
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if only, watched := allowed[sel.Sel.Name]; watched && where != only {
					rel, _ := filepath.Rel(root, fset.Position(call.Pos()).Filename)
					found = append(found, rel+": "+where+" calls "+sel.Sel.Name+" (only "+or(only, "nothing")+" may)")
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("scanned %d Go files under %s; the walk missed the module", files, root)
	}
	return found
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
