package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"dwa/internal/service"
	"dwa/internal/shop"
)

func runUser(ctx context.Context, e env, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			fmt.Fprintln(e.stdout, "usage: dwa user create --username U --email E [--staff] [--store NAME] [--password-stdin]")
			return nil
		}
		return errors.New("usage: dwa user create --username U --email E [--staff] [--store NAME] [--password-stdin]")
	}
	fs := newFlags(e, "user create", "user create --username U --email E [--staff] [--store NAME] [--password-stdin]")
	username := fs.String("username", "", "login name (letters, digits and @.+-_)")
	email := fs.String("email", "", "e-mail address")
	staff := fs.Bool("staff", false, "give the account staff rights (moderation, admin)")
	storeName := fs.String("store", "", "open a store with this name owned by the new account")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input instead of prompting")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *username == "" || *email == "" {
		fs.Usage()
		return errors.New("--username and --email are required")
	}
	password, err := readPassword(e, *fromStdin)
	if err != nil {
		return err
	}
	a, err := openApp(ctx, e)
	if err != nil {
		return err
	}
	defer a.close()
	u, err := a.shop.Service.CreateUser(ctx, service.NewUser{Username: *username, Email: *email, Password: password, Staff: *staff})
	if err != nil {
		return describe(err)
	}
	fmt.Fprintf(e.stdout, "Created user %s (id %d)%s.\n", u.Username, u.ID, map[bool]string{true: " with staff rights"}[u.IsStaff])
	if *storeName != "" {
		st := &shop.Store{OwnerID: u.ID, Name: *storeName, Active: true}
		if err := a.shop.Service.CreateStore(ctx, st); err != nil {
			return describe(err)
		}
		fmt.Fprintf(e.stdout, "Opened store %q (id %d) for %s.\n", st.Name, st.ID, u.Username)
	}
	return nil
}

// readPassword takes the password from stdin (one line) or prompts twice on
// a terminal without echo.
func readPassword(e env, fromStdin bool) (string, error) {
	if f, ok := e.stdin.(*os.File); ok && !fromStdin && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(e.stderr, "Password: ")
		p1, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(e.stderr)
		if err != nil {
			return "", err
		}
		fmt.Fprint(e.stderr, "Password (again): ")
		p2, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(e.stderr)
		if err != nil {
			return "", err
		}
		if string(p1) != string(p2) {
			return "", errors.New("the two passwords differ")
		}
		return string(p1), nil
	}
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// describe turns a validation error into a readable line for the terminal.
func describe(err error) error {
	var e *shop.Error
	if !errors.As(err, &e) {
		return err
	}
	if len(e.Fields) == 0 {
		return errors.New(e.Detail)
	}
	var parts []string
	for f, msgs := range e.Fields {
		parts = append(parts, f+": "+strings.Join(msgs, " "))
	}
	return errors.New(strings.Join(parts, "; "))
}
