package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBuildsOnWindowsAndDarwin type-checks every package of the module as
// `GOOS=windows go build` and `GOOS=darwin go build` would compile it (the
// files each system selects, cgo off), from source: the standard library's
// function bodies are left out (the go command builds it for every port),
// the module's and third-party packages are checked whole. It replaces a
// cross build of every package, which compiled the standard library and
// every dependency twice more (232 of the test run's 830 CPU-seconds with
// a cold build cache).
func TestBuildsOnWindowsAndDarwin(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: scripts/test runs it")
	}
	for _, goos := range []string{"windows", "darwin"} {
		for _, msg := range typeCheck(t, goos) {
			t.Errorf("GOOS=%s: %s", goos, msg)
		}
	}
}

// goPackage is what `go list -deps -json` says of one package.
type goPackage struct {
	ImportPath, Dir string
	Standard        bool
	GoFiles         []string
	ImportMap       map[string]string
	Error           *struct{ Err string }
}

// typeCheck lists the module's packages and their dependencies for goos
// and type-checks them in dependency order (go list's), returning the
// errors in the module's and third-party packages.
func typeCheck(t *testing.T, goos string) []string {
	cmd := exec.Command("go", "list", "-e", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,ImportMap,Error", module+"/...")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GOOS=%s go list: %v", goos, err)
	}
	fset := token.NewFileSet()
	checked := map[string]*types.Package{}
	var msgs []string
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			msgs = append(msgs, fmt.Sprintf("%s: %s", p.ImportPath, p.Error.Err))
			continue
		}
		pkg, errs := checkPackage(fset, p, checked)
		checked[p.ImportPath] = pkg
		if !p.Standard {
			msgs = append(msgs, errs...)
		}
	}
	return msgs
}

// checkPackage parses and type-checks one goPackage package, its imports
// resolved through its ImportMap to packages already checked. A standard
// package is checked without its function bodies.
func checkPackage(fset *token.FileSet, p goPackage, checked map[string]*types.Package) (*types.Package, []string) {
	var files []*ast.File
	var msgs []string
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			msgs = append(msgs, err.Error())
			continue
		}
		if p.Standard {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					fd.Body = nil
				}
			}
		}
		files = append(files, f)
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if m, ok := p.ImportMap[path]; ok {
				path = m
			}
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if pkg := checked[path]; pkg != nil {
				return pkg, nil
			}
			return nil, fmt.Errorf("%s: not goPackage before its importer", path)
		}),
		Sizes: types.SizesFor("gc", "amd64"),
		Error: func(err error) { msgs = append(msgs, err.Error()) },
	}
	pkg, _ := conf.Check(p.ImportPath, fset, files, nil)
	return pkg, msgs
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
