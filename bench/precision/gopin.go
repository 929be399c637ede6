package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
)

// maxModuleZip is the largest module zip the go command accepts.
const maxModuleZip = 500 << 20

// pinProxy puts a module proxy on disk in front of goproxy (a GOPROXY
// value) and returns the GOPROXY to build with. Some proxies serve a
// module's exact versions but refuse its version list, and `go install
// pkg@version` reads that list (to look for a deprecation notice), so the
// install fails although the version is served. The proxy on disk, under
// dir, lists version alone and holds that version's .info, .mod and .zip,
// fetched unchanged from the first proxy of goproxy; the checksum database
// still checks them, and every other module comes from goproxy as before.
// When goproxy does not start with an HTTP proxy (a proxy on disk, direct,
// off) it is returned unchanged.
func pinProxy(ctx context.Context, client *http.Client, goproxy, dir, mod, version string) (string, error) {
	first, _, _ := strings.Cut(strings.SplitN(goproxy, "|", 2)[0], ",")
	base, err := url.Parse(strings.TrimSpace(first))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return goproxy, nil
	}
	emod, err := module.EscapePath(mod)
	if err != nil {
		return "", fmt.Errorf("pin %s@%s: %w", mod, version, err)
	}
	ever, err := module.EscapeVersion(version)
	if err != nil {
		return "", fmt.Errorf("pin %s@%s: %w", mod, version, err)
	}
	vdir := filepath.Join(dir, filepath.FromSlash(emod), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return "", err
	}
	for _, ext := range []string{".info", ".mod", ".zip"} {
		if err := fetchTo(ctx, client, strings.TrimSuffix(base.String(), "/")+"/"+emod+"/@v/"+ever+ext, filepath.Join(vdir, ever+ext)); err != nil {
			return "", fmt.Errorf("pin %s@%s: %w", mod, version, err)
		}
	}
	if err := os.WriteFile(filepath.Join(vdir, "list"), []byte(version+"\n"), 0o644); err != nil {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String() + "," + goproxy, nil
}

// fetchTo writes the body of a GET of u to file, refusing any status but
// 200 and a body larger than a module zip may be.
func fetchTo(ctx context.Context, client *http.Client, u, file string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		return fmt.Errorf("GET %s: %s: %s", u, resp.Status, strings.TrimSpace(string(msg)))
	}
	tmp := file + ".part"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	n, err := io.Copy(out, io.LimitReader(resp.Body, maxModuleZip+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > maxModuleZip {
		err = fmt.Errorf("GET %s: larger than %d bytes", u, maxModuleZip)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, file)
}
