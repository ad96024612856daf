package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

const reviewsUsage = "reviews [--ratings] pending | approve ID | reject ID"

// runReviews is staff moderation from the terminal: list what waits, or
// approve or reject one review (or rating, with --ratings) by id.
func runReviews(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "reviews", reviewsUsage)
	ratings := fs.Bool("ratings", false, "moderate ratings instead of reviews")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return errors.New("usage: dwa " + reviewsUsage)
	}
	var id int64
	switch rest[0] {
	case "pending":
		if len(rest) != 1 {
			return errors.New("usage: dwa " + reviewsUsage)
		}
	case "approve", "reject":
		n, err := strconv.ParseInt(strings.Join(rest[1:], ""), 10, 64)
		if len(rest) != 2 || err != nil || n < 1 {
			return fmt.Errorf("usage: dwa reviews %s ID (a positive number)", rest[0])
		}
		id = n
	default:
		return errors.New("usage: dwa " + reviewsUsage)
	}
	a, err := openApp(ctx, e)
	if err != nil {
		return err
	}
	defer a.close()
	approve := rest[0] == "approve"
	switch {
	case rest[0] == "pending" && *ratings:
		rows, total, err := a.shop.Service.RatingsForModeration(ctx, shop.StatusPending, 0, a.cfg.ListMax)
		if err != nil {
			return describe(err)
		}
		for _, r := range rows {
			fmt.Fprintf(e.stdout, "%d\t%s\t%s\t%d/5\t%s\n", r.ID, shop.FormatTime(r.CreatedAt), r.Username, r.Value, r.ProductName)
		}
		fmt.Fprintf(e.stdout, "%d pending rating(s)\n", total)
	case rest[0] == "pending":
		rows, total, err := a.shop.Service.ReviewsForModeration(ctx, shop.StatusPending, 0, a.cfg.ListMax)
		if err != nil {
			return describe(err)
		}
		for _, r := range rows {
			fmt.Fprintf(e.stdout, "%d\t%s\t%s\t%s\t%q\n", r.ID, shop.FormatTime(r.CreatedAt), r.Author, r.ProductName, r.Text)
		}
		fmt.Fprintf(e.stdout, "%d pending review(s)\n", total)
	case *ratings:
		r, err := a.shop.Service.ModerateRating(ctx, id, approve)
		if err != nil {
			return describe(err)
		}
		fmt.Fprintf(e.stdout, "Rating %d by %s is now %s.\n", r.ID, r.Username, r.Status)
	default:
		r, err := a.shop.Service.ModerateReview(ctx, id, approve)
		if err != nil {
			return describe(err)
		}
		fmt.Fprintf(e.stdout, "Review %d by %s is now %s.\n", r.ID, r.Author, r.Status)
	}
	return nil
}
