// Command burst checks that a running dwa server's memory stays bounded
// under a burst (design.md §5: 48 concurrent sign-ins and 8 parallel large
// uploads, RSS ≤ 400 MB). It registers the shoppers first, then sends every
// sign-in and upload at once, samples the server's resident memory from
// /proc/<pid>/status meanwhile, and prints the statuses, the sign-in
// latencies and the peak RSS.
//
// The server must run on this machine with rate limits lifted for the
// burst (DWA_RATE_LIMITS=register=off,login=off) and the demo catalogue
// (its store owner uploads); the pid is the server's.
//
//	burst -pid 1234 http://127.0.0.1:8080
//
// The pictures uploaded are made here, as heavy as the server accepts:
// -image png16 (default) is a 16-bit PNG just under imaging.DecodeBudget,
// jpeg40 a 40-megapixel JPEG, bomb the 40-megapixel 16-bit PNG of issue 17
// (refused from its header).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	pid := flag.Int("pid", 0, "the server's process id (for its memory)")
	signins := flag.Int("signins", 48, "concurrent sign-ins")
	uploads := flag.Int("uploads", 8, "parallel image uploads")
	kind := flag.String("image", "png16", "picture uploaded: png16, jpeg40 or bomb")
	seller := flag.String("seller", "kwame_gamehub:Oxford-Street-Joystick-88", "store owner username:password (demo)")
	flag.Parse()
	if flag.NArg() != 1 || *pid == 0 {
		fmt.Fprintln(os.Stderr, "usage: burst -pid PID BASE_URL")
		os.Exit(2)
	}
	base := strings.TrimSuffix(flag.Arg(0), "/") + "/api"

	picture := makePicture(*kind)
	owner, password, _ := strings.Cut(*seller, ":")
	ownerToken := signIn(base, owner, password)
	products := sellerProducts(base, ownerToken, *uploads)
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	names := make([]string, *signins)
	for i := range names {
		names[i] = fmt.Sprintf("burst_%s_%d", run, i)
		register(base, names[i])
	}
	before := memory(*pid)

	peak := make(chan int64)
	stop := make(chan struct{})
	go func() { peak <- samplePeak(*pid, stop) }()

	type result struct {
		code int
		ms   float64
	}
	var mu sync.Mutex
	var signinResults, uploadResults []result
	var wg sync.WaitGroup
	startGun := make(chan struct{})
	for _, name := range names {
		wg.Go(func() {
			<-startGun
			t0 := time.Now()
			code, _ := call("POST", base+"/auth/jwt/create/", "", "application/json",
				strings.NewReader(fmt.Sprintf(`{"username":%q,"password":%q}`, name, benchPassword)))
			mu.Lock()
			signinResults = append(signinResults, result{code, ms(time.Since(t0))})
			mu.Unlock()
		})
	}
	for i := range *uploads {
		wg.Go(func() {
			body, ctype := multipartImage(picture)
			<-startGun
			t0 := time.Now()
			code, _ := call("POST", fmt.Sprintf("%s/seller/products/%d/images/", base, products[i%len(products)]),
				ownerToken, ctype, body)
			mu.Lock()
			uploadResults = append(uploadResults, result{code, ms(time.Since(t0))})
			mu.Unlock()
		})
	}
	start := time.Now()
	close(startGun)
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	peakRSS := <-peak
	after := memory(*pid)

	latencies := func(rs []result) (codes string, p50, p99, maxMs float64) {
		count := map[int]int{}
		var lat []float64
		for _, r := range rs {
			count[r.code]++
			lat = append(lat, r.ms)
		}
		slices.Sort(lat)
		var parts []string
		for code, n := range count {
			parts = append(parts, fmt.Sprintf("%d×%d", n, code))
		}
		slices.Sort(parts)
		pct := func(p float64) float64 { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		return strings.Join(parts, " "), pct(0.50), pct(0.99), lat[len(lat)-1]
	}
	fmt.Printf("burst: %d sign-ins and %d uploads (%s, %d KB) at once, done in %.2f s\n",
		*signins, *uploads, *kind, len(picture)>>10, elapsed.Seconds())
	codes, p50, p99, maxMs := latencies(signinResults)
	fmt.Printf("sign-ins: %s; p50 %.0f ms, p99 %.0f ms, max %.0f ms\n", codes, p50, p99, maxMs)
	if *uploads > 0 {
		codes, p50, _, maxMs = latencies(uploadResults)
		fmt.Printf("uploads:  %s; p50 %.0f ms, max %.0f ms\n", codes, p50, maxMs)
	}
	fmt.Printf("server RSS: %d MB before, peak %d MB during the burst, %d MB after; VmHWM (whole life) %d MB\n",
		before.rss>>20, peakRSS>>20, after.rss>>20, after.hwm>>20)
}

const benchPassword = "Bench-Kente-2026!"

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

var client = &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 200}}

func call(method, url, token, ctype string, body io.Reader) (int, []byte) {
	req, _ := http.NewRequest(method, url, body)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func register(base, name string) {
	body := fmt.Sprintf(`{"username":%q,"email":"%s@bench.example","password":%q,"re_password":%q}`,
		name, name, benchPassword, benchPassword)
	if code, b := call("POST", base+"/auth/users/", "", "application/json", strings.NewReader(body)); code != 201 {
		fatal("register %s: %d %s (run the server with DWA_RATE_LIMITS=register=off,login=off)", name, code, b)
	}
}

func signIn(base, name, password string) string {
	code, b := call("POST", base+"/auth/jwt/create/", "", "application/json",
		strings.NewReader(fmt.Sprintf(`{"username":%q,"password":%q}`, name, password)))
	var t struct{ Access string }
	if code != 200 || json.Unmarshal(b, &t) != nil {
		fatal("sign in %s: %d %s", name, code, b)
	}
	return t.Access
}

// sellerProducts are up to n of the owner's products, so that the uploads
// spread over several galleries (each holds at most 8 images).
func sellerProducts(base, token string, n int) []int64 {
	code, b := call("GET", base+"/seller/products/", token, "", nil)
	var ps []struct{ ID int64 }
	if code != 200 || json.Unmarshal(b, &ps) != nil || len(ps) == 0 {
		fatal("seller products: %d %s", code, b)
	}
	ids := make([]int64, 0, n)
	for _, p := range ps[:min(n, len(ps))] {
		ids = append(ids, p.ID)
	}
	return ids
}

func multipartImage(data []byte) (io.Reader, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	part, _ := mw.CreateFormFile("image", "burst.img")
	_, _ = part.Write(data)
	_ = mw.Close()
	return &b, mw.FormDataContentType()
}

// makePicture encodes a smooth gradient (small on the wire, as heavy as
// its pixels once decoded).
func makePicture(kind string) []byte {
	var b bytes.Buffer
	var err error
	switch kind {
	case "png16", "bomb":
		w, h := 3800, 2900 // 11 megapixels × 8 bytes: just under the decode budget
		if kind == "bomb" {
			w, h = 7300, 5470 // 40 megapixels
		}
		m := image.NewRGBA64(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				m.SetRGBA64(x, y, color.RGBA64{uint16(x * 9), uint16(y * 11), 0x8000, 0xffff})
			}
		}
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, m)
	case "jpeg40":
		w, h := 7744, 5164
		m := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
		for y := range h {
			for x := range w {
				m.Y[y*m.YStride+x] = uint8(x/16 + y/16)
			}
		}
		err = jpeg.Encode(&b, m, &jpeg.Options{Quality: 90})
	default:
		fatal("unknown -image %q", kind)
	}
	if err != nil {
		fatal("encode: %v", err)
	}
	return b.Bytes()
}

type mem struct{ rss, hwm int64 }

// memory reads VmRSS and VmHWM (peak RSS since start) of pid.
func memory(pid int) mem {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		fatal("server memory: %v", err)
	}
	var m mem
	for _, line := range strings.Split(string(b), "\n") {
		name, value, _ := strings.Cut(line, ":")
		kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			m.rss = kb << 10
		case "VmHWM":
			m.hwm = kb << 10
		}
	}
	return m
}

// samplePeak is the highest RSS of pid seen every 5 ms until stop.
func samplePeak(pid int, stop <-chan struct{}) int64 {
	var peak int64
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		peak = max(peak, memory(pid).rss)
		select {
		case <-stop:
			return max(peak, memory(pid).rss)
		case <-tick.C:
		}
	}
}

func fatal(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "burst: "+format+"\n", a...)
	os.Exit(1)
}
