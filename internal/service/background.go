package service

import (
	"context"
	"time"
)

// backgroundTimeout bounds work started after a request was answered.
const backgroundTimeout = 30 * time.Second

// afterAnswer runs work once the request that asked for it can be answered,
// detached from the request's cancellation. A request whose answer must not
// reveal what the work finds (password reset: whether an account exists)
// returns before the work starts, so its timing cannot tell either.
func (s *Service) afterAnswer(ctx context.Context, what string, work func(ctx context.Context) error) {
	ctx = context.WithoutCancel(ctx)
	s.later(func() {
		ctx, cancel := context.WithTimeout(ctx, backgroundTimeout)
		defer cancel()
		if err := work(ctx); err != nil {
			s.log.ErrorContext(ctx, what+" failed", "err", err)
		}
	})
}

// spawn is the default runner of afterAnswer: a goroutine that Wait knows
// about.
func (s *Service) spawn(work func()) {
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		work()
	}()
}

// Wait returns when the work started after answered requests is done;
// `dwa serve` calls it after the server has shut down.
func (s *Service) Wait() { s.background.Wait() }
