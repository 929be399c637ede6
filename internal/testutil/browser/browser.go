// Package browser starts headless Chromium (Debian's chromium, driven with
// chromedp) for tests of the board's pages.
package browser

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Path finds Debian's chromium: the test skips without it locally and
// fails without it under CI=true (.ci/run installs it).
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed under CI=true (.ci/run installs it with apt)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// Open starts a headless browser with a window of width × height pixels
// and returns its context (each chromedp.Run on it drives the one tab);
// listen, when set, gets the tab's events. The browser stops when the test
// ends. The first Run starts it: give that one no timeout.
func Open(t testing.TB, width, height int, listen func(ev any)) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path(t)), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.NoFirstRun, chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(width, height),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	var copts []chromedp.ContextOption
	if listen != nil {
		copts = append(copts, chromedp.WithListener(listen))
	}
	bctx, cancelBrowser := chromedp.NewContext(actx, copts...)
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	return bctx
}

// Overflow is what a page measures of its width at the window's size.
type Overflow struct {
	// ScrollWidth and ClientWidth are the document element's: the page
	// scrolls sideways when ScrollWidth > ClientWidth.
	ScrollWidth, ClientWidth int
	// Wide names each table (#id, else .class, else its index) whose right
	// edge passes the viewport or that scrolls inside itself.
	Wide []string
}

// overflowJS measures the page (it runs through the DevTools protocol, so
// the page's Content-Security-Policy, which allows no script, is unaffected).
const overflowJS = `(() => {
  const d = document.documentElement, vw = d.clientWidth;
  const wide = [];
  document.querySelectorAll('table').forEach((t, i) => {
    const r = t.getBoundingClientRect();
    if (r.right > vw + 0.5 || r.left < -0.5 || t.scrollWidth > t.clientWidth + 1) {
      wide.push(t.id ? '#' + t.id : (t.className ? '.' + t.className : 'table ' + i));
    }
  });
  return {scrollWidth: d.scrollWidth, clientWidth: vw, wide: wide};
})()`

// MeasureOverflow measures the page the tab shows.
func MeasureOverflow(ctx context.Context) (Overflow, error) {
	type measured struct {
		ScrollWidth int      `json:"scrollWidth"`
		ClientWidth int      `json:"clientWidth"`
		Wide        []string `json:"wide"`
	}
	o, err := chromedp.Run(ctx, chromedp.Evaluate[measured](overflowJS))
	if err != nil {
		return Overflow{}, err
	}
	return Overflow(o), nil
}

// CheckNotBlank decodes a PNG screenshot and requires real content: many
// distinct colours, and a fair share of pixels that are not the background.
func CheckNotBlank(t testing.TB, shot []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	b := img.Bounds()
	bg := img.At(b.Min.X, b.Min.Y+b.Dy()/2)
	colours := map[[3]uint32]bool{}
	other, total := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			c := img.At(x, y)
			r, g, bl, _ := c.RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if c != bg {
				other++
			}
			total++
		}
	}
	if b.Dx() < 800 || len(colours) < 50 || other*50 < total {
		t.Errorf("screenshot looks blank: %dx%d, %d colours, %d/%d pixels off the background", b.Dx(), b.Dy(), len(colours), other, total)
	}
}
