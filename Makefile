# Dwa — the commands a newcomer needs. `make run` starts the shop with demo
# data; `make test` runs every suite. See README.md.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X main.version=$(VERSION)
WEB_DEPS := web/node_modules/.installed

.PHONY: help run build image cluster web web-deps gen test test-go test-web test-e2e bench bench-1m lighthouse data lint fmt clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

run: build ## build everything and start the shop on SQLite with demo data
	./bin/dwa serve

build: web ## build bin/dwa with the storefront embedded
	go build -trimpath -ldflags "$(GO_LDFLAGS)" -o bin/dwa ./cmd/dwa

image: web ## build the container image (FROM scratch; podman, buildah or docker)
	deploy/container/build.sh dwa:$(VERSION)

cluster: ## two dwa on PostgreSQL behind HAProxy with TLS; a rolling restart under load
	deploy/local-cluster.sh

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web-deps: $(WEB_DEPS)

web: $(WEB_DEPS) ## build the React storefront into web/dist
	cd web && npm run build

gen: $(WEB_DEPS) ## regenerate the web API types from api/openapi.yaml
	cd web && npm run gen

test: test-go test-web test-e2e ## every suite: Go (SQLite + PostgreSQL), web unit, browser end-to-end

test-go: ## go vet + go test -race on SQLite and PostgreSQL
	@test -z "$$(gofmt -l cmd internal api web/embed.go)" || { echo "gofmt needed:"; gofmt -l cmd internal api web/embed.go; exit 1; }
	go vet ./...
	scripts/with-postgres.sh go test -race -count=1 -timeout 30m ./...

test-web: $(WEB_DEPS) ## web lint, typecheck, unit tests and API-type drift check
	cd web && npm run gen:check && npm run lint && npm run typecheck && npm test

test-e2e: build ## Playwright in Chromium against the real binary
	cd web && npm run e2e

lighthouse: build ## Lighthouse (mobile, median of 3) on home, category, search and product pages
	cd web && node scripts/lighthouse.mjs

data: build ## bytes on the wire at 360 px (home cold, with data saver, product repeat visit) against the budgets
	cd web && node scripts/data-budget.mjs

bench: ## load benchmark of the catalogue and search API on SQLite and PostgreSQL (not part of test)
	bench/run.sh

bench-1m: ## the search/list part of the mixed benchmark and the uncached list at 1,000,000 products
	bench/run.sh 1m

lint: $(WEB_DEPS) ## go vet, gofmt and the web linters
	go vet ./...
	@test -z "$$(gofmt -l cmd internal api web/embed.go)" || { gofmt -l cmd internal api web/embed.go; exit 1; }
	cd web && npm run lint

fmt: ## format Go and web code
	gofmt -w cmd internal api web/embed.go
	cd web && npm run format

clean: ## remove build output
	rm -rf bin web/dist/assets web/dist/index.html
