package seed

import (
	"context"
	"fmt"
	"sync"

	"dwa/internal/demo"
	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
	"dwa/internal/shop"
)

// purchaseWorkers place the demo shoppers' orders side by side (one each):
// their reads and service work overlap the writes, and each shopper's plan
// is fixed, so the result does not depend on the interleaving.
const purchaseWorkers = 12

// demoPurchases has the demo shoppers order, pay for (test card), receive
// (the stores mark their parts shipped and delivered) and rate and review
// what they bought, all through the service, then approves the ratings and
// reviews as staff would. Nothing is done when the payment provider does
// not take test cards: demo shoppers never pay real money.
func demoPurchases(ctx context.Context, svc *service.Service, cat *demo.Catalogue, productIDs []int64,
	owners map[int64]*shop.User) (int, error) {
	if !svc.TestPayments() {
		return 0, nil
	}
	shoppers := demo.Purchases(cat)
	// Nobody signs in as a demo shopper: they share one random password,
	// hashed once.
	pw, err := unknownPassword()
	if err != nil {
		return 0, err
	}
	accounts := make([]service.NewUser, len(shoppers))
	for i, sh := range shoppers {
		accounts[i] = service.NewUser{Username: sh.Username, Email: sh.Email, Password: pw}
	}
	users, err := svc.CreateUsers(ctx, accounts)
	if err != nil {
		return 0, fmt.Errorf("demo shoppers: %w", err)
	}
	type job struct {
		sh demo.Shopper
		u  *shop.User
	}
	jobs := make(chan job)
	var (
		mu    sync.Mutex
		first error
		count int
		wg    sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
	}
	for range purchaseWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				n, err := shopperPurchases(ctx, svc, j.sh, j.u, productIDs, owners)
				if err != nil {
					fail(fmt.Errorf("demo shopper %s: %w", j.sh.Username, err))
					continue
				}
				mu.Lock()
				count += n
				mu.Unlock()
			}
		}()
	}
	for i, sh := range shoppers {
		jobs <- job{sh, users[i]}
	}
	close(jobs)
	wg.Wait()
	return count, first
}

// shopperPurchases runs one shopper's orders and returns how many it placed.
func shopperPurchases(ctx context.Context, svc *service.Service, sh demo.Shopper, u *shop.User, productIDs []int64,
	owners map[int64]*shop.User) (int, error) {
	// Mails to example.com addresses would only bounce.
	off, choices := false, map[string]service.NoticeChoice{}
	for _, k := range shop.NoticeKinds {
		choices[k] = service.NoticeChoice{Email: &off, SMS: &off}
	}
	if _, err := svc.SetNotices(ctx, u, choices); err != nil {
		return 0, err
	}
	address, contact := "14 Kanda Highway, Accra", "+233 24 555 0"+fmt.Sprintf("%03d", u.ID%1000)
	for _, pu := range sh.Orders {
		lines := make([]service.OrderLineInput, len(pu.Products))
		qty := int64(1)
		for i, p := range pu.Products {
			lines[i] = service.OrderLineInput{ProductID: service.Ref{Present: true, ID: productIDs[p]}, Quantity: &qty}
		}
		o, err := svc.PlaceOrder(ctx, u, service.OrderRequest{ShippingAddress: &address, ContactInfo: &contact, Items: &lines})
		if err != nil {
			return 0, fmt.Errorf("order: %w", err)
		}
		if err := payByTestCard(ctx, svc, u, o.ID); err != nil {
			return 0, err
		}
		stores := map[int64]bool{}
		for _, it := range o.Items {
			if stores[it.StoreID] {
				continue
			}
			stores[it.StoreID] = true
			for _, to := range []string{shop.PartShipped, shop.PartDelivered} {
				if _, err := svc.AdvanceSellerOrder(ctx, owners[it.StoreID], o.ID, to, nil); err != nil {
					return 0, fmt.Errorf("mark %s: %w", to, err)
				}
			}
		}
		for i, p := range pu.Products {
			if err := rateAndReview(ctx, svc, u, productIDs[p], pu.Ratings[i], pu.Reviews[i]); err != nil {
				return 0, err
			}
		}
	}
	return len(sh.Orders), nil
}

func payByTestCard(ctx context.Context, svc *service.Service, u *shop.User, orderID string) error {
	p, _, err := svc.CreatePayment(ctx, u, service.PaymentRequest{Order: &orderID})
	if err != nil {
		return fmt.Errorf("payment: %w", err)
	}
	card := testpay.CardSuccess
	if _, err := svc.TestCharge(ctx, u, &p.Reference, &card); err != nil {
		return fmt.Errorf("charge: %w", err)
	}
	if _, err := svc.VerifyPayment(ctx, u, &p.Reference); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	return nil
}

func rateAndReview(ctx context.Context, svc *service.Service, u *shop.User, productID int64, rating int, review string) error {
	r, err := svc.PostRating(ctx, u, productID, service.FieldValue{Present: true, Text: fmt.Sprint(rating)})
	if err != nil {
		return fmt.Errorf("rating: %w", err)
	}
	if _, err := svc.ModerateRating(ctx, r.ID, true); err != nil {
		return fmt.Errorf("approve rating: %w", err)
	}
	if review == "" {
		return nil
	}
	rv, err := svc.PostReview(ctx, u, productID, service.FieldValue{Present: true, Text: review})
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	if _, err := svc.ModerateReview(ctx, rv.ID, true); err != nil {
		return fmt.Errorf("approve review: %w", err)
	}
	return nil
}
