package httpapi

import (
	"net/http"

	"dwa/internal/shop"
)

// h is shorthand for a method → handler table.
type h = map[string]handlerE

// cached serves a public read through the read cache (readcache.go), which
// wraps plain http.HandlerFuncs: next's errors are written inside it.
func (a *API) cached(next handlerE) handlerE {
	read := a.cachedRead(next.ServeHTTP)
	return func(w http.ResponseWriter, r *http.Request) error {
		read(w, r)
		return nil
	}
}

// routes is the whole HTTP surface in one place.
func (a *API) routes() http.Handler {
	api := http.NewServeMux()
	p := a.cfg.APIPrefix
	// handle checks a present Authorization header (contract §1.3); open
	// is for the few endpoints that ignore it.
	handle := func(pattern string, hs h) { api.Handle(p+pattern, newMethods(pattern, a.authenticate(hs))) }
	open := func(pattern string, hs h) { api.Handle(p+pattern, newMethods(pattern, hs)) }

	// Auth & accounts (contract §2.1)
	open("/auth/users", h{"POST": a.limit("register", byIP, a.register)})
	open("/auth/jwt/create", h{"POST": a.limit("login", byIP, a.login)})
	open("/auth/jwt/refresh", h{"POST": a.refresh})
	open("/refresh/token", h{"POST": a.refresh})
	open("/auth/jwt/verify", h{"POST": a.verifyToken})
	open("/auth/jwt/logout", h{"POST": a.logout})
	open("/auth/users/reset_password", h{"POST": a.limit("reset", byIP, a.resetPassword)})
	open("/auth/users/reset_password_confirm", h{"POST": a.limit("reset", byIP, a.resetPasswordConfirm)})
	handle("/auth/users/me", h{"GET": requireUser(a.me), "PATCH": requireUser(a.patchMe)})
	// Phone numbers and one-time codes (decision 0018). The code request
	// reads the caller when there is one (verify needs it; the caps count
	// the account instead of the address).
	// The address book (decision 0023).
	handle("/auth/users/me/addresses", h{"GET": requireUser(a.listAddresses), "POST": requireUser(a.createAddress)})
	handle("/auth/users/me/addresses/{id}", h{"GET": requireUser(a.getAddress), "PATCH": requireUser(a.updateAddress),
		"DELETE": requireUser(a.deleteAddress)})
	handle("/auth/users/me/notifications", h{"GET": requireUser(a.notices), "PUT": requireUser(a.setNotices)})
	handle("/auth/phone/code", h{"POST": a.requestCode})
	open("/auth/phone/signin", h{"POST": a.limit("sms-signin", byIP, a.phoneSignIn)})
	handle("/auth/phone/verify", h{"POST": requireUser(a.limit("sms-signin", byUserOrIP, a.verifyPhone))})
	open("/auth/phone/reset", h{"POST": a.limit("sms-signin", byIP, a.resetPasswordByCode)})
	handle("/auth/users/set_password", h{"POST": requireUser(a.limit("password", byUserOrIP, a.setPassword))})

	// Complaint (contract §2.8)
	handle("/store/api/send_complaint", h{"POST": a.limit("complaint", byUserOrIP, a.sendComplaint)})

	// Catalogue (contract §2.2)
	handle("/store/categories", h{"GET": a.cached(a.listCategories)})
	handle("/store/categories/{id}", h{"GET": a.cached(a.getCategory)})
	handle("/store/ajax/load-subcategories", h{"GET": a.loadSubcategories("category_id", "subcategories")})
	handle("/store/ajax/load-sub-subcategories", h{"GET": a.loadSubcategories("subcategory_id", "sub_subcategories")})
	handle("/store/hero", h{"GET": a.listHeroSlides})
	handle("/store/products", h{"GET": a.cached(a.listProducts)})
	handle("/store/products/facets", h{"GET": a.cached(a.listProductFacets)})
	handle("/store/search/corrections", h{"GET": a.searchCorrections})
	handle("/store/products/{id}", h{"GET": a.cached(a.getProduct)})
	handle("/store/products/{id}/bought-together", h{"GET": a.boughtTogether})
	handle("/store/products/{id}/reviews", h{"GET": a.cached(a.listProductReviews), "POST": requireUser(a.postReview)})
	handle("/store/products/{id}/ratings", h{"GET": a.cached(a.listProductRatings), "POST": requireUser(a.postRating)})
	handle("/store/products/{id}/reviews/{rid}", h{"DELETE": requireUser(a.deleteReview)})
	handle("/store/products/{id}/ratings/{rid}", h{"DELETE": requireUser(a.deleteRating)})
	handle("/store/stores", h{"GET": a.cached(a.listStores)})
	handle("/store/stores/{id}", h{"GET": a.cached(a.getStore)})
	// Delivery (decision 0024)
	handle("/store/delivery/quote", h{"GET": a.getDeliveryQuote, "POST": requireUser(a.quoteBagDelivery)})
	handle("/store/pickup-points", h{"GET": a.listPickupPoints})

	// Cart, orders, payments (contract §2.3–2.5)
	handle("/store/carts", h{"GET": requireUser(a.listCarts), "POST": requireUser(a.createCart)})
	handle("/store/carts/{id}", h{"GET": requireUser(a.getCart)})
	handle("/store/cart-items", h{"GET": requireUser(a.listCartItems), "POST": requireUser(a.addCartItem)})
	handle("/store/cart-items/{id}", h{"GET": requireUser(a.getCartItem), "PATCH": requireUser(a.patchCartItem),
		"DELETE": requireUser(a.deleteCartItem)})
	handle("/store/orders", h{"GET": requireUser(a.listOrders),
		"POST": requireUser(a.limit("order", byUserOrIP, a.placeOrder))})
	handle("/store/orders/{id}", h{"GET": requireUser(a.getOrder), "DELETE": requireUser(a.deleteOrder)})
	handle("/store/orders/{id}/refunds", h{"GET": requireUser(a.listOrderRefunds)})
	handle("/store/orders/{id}/pay-on-delivery", h{"GET": requireUser(a.getCODOption), "POST": requireUser(a.chooseCOD)})
	handle("/store/payments", h{"GET": requireUser(a.listPayments), "POST": requireUser(a.createPayment)})
	handle("/store/payments/{id}", h{"GET": requireUser(a.getPayment)})
	handle("/store/payments/verify", h{"POST": requireUser(a.limit("verify", byUserOrIP, a.verifyPayment))})
	handle("/store/payments/mobile-money", h{"POST": requireUser(a.limit("verify", byUserOrIP, a.payMobileMoney))})
	handle("/store/payments/mobile-money/code", h{"POST": requireUser(a.limit("verify", byUserOrIP, a.submitMobileMoneyCode))})
	handle("/api/paystack/verify", h{"POST": requireUser(a.limit("verify", byUserOrIP, a.verifyPayment))})
	handle("/store/payments/test-charge", h{"POST": requireUser(a.testCharge)})
	open("/payments/paystack/webhook", h{"POST": a.paystackWebhook})

	// Wishlists (contract §2.6)
	handle("/store/wishlists", h{"GET": requireUser(a.listWishlist), "POST": requireUser(a.addToWishlist)})
	handle("/store/wishlists/{id}", h{"GET": requireUser(a.getWishlistEntry), "DELETE": requireUser(a.deleteWishlistEntry)})

	// Messages (contract §2.7)
	handle("/store/messages", h{"GET": requireUser(a.listMessages),
		"POST": requireUser(a.limit("message", byUserOrIP, a.sendMessage))})
	handle("/store/messages/{id}", h{"GET": requireUser(a.getMessage), "PATCH": requireUser(a.markMessage)})
	handle("/store/messages/unread_count", h{"GET": requireUser(a.unreadMessages)})
	handle("/store/messages/stream-ticket", h{"POST": requireUser(a.issueStreamTicket)})
	handle("/store/messages/stream", h{"GET": a.messageStream})

	// Analytics (contract §2.9)
	handle("/analytics/pageviews", h{"POST": a.limit("analytics", byUserOrIP, a.recordPageView)})
	handle("/analytics/searches", h{"POST": a.limit("analytics", byUserOrIP, a.recordSearchMiss)})

	// Staff (contract §2.10)
	handle("/admin/reviews", h{"GET": requireStaff(a.listModeratedReviews)})
	handle("/admin/reviews/{id}/approve", h{"POST": requireStaff(a.moderateReview(true))})
	handle("/admin/reviews/{id}/reject", h{"POST": requireStaff(a.moderateReview(false))})
	handle("/admin/ratings", h{"GET": requireStaff(a.listModeratedRatings)})
	handle("/admin/ratings/{id}/approve", h{"POST": requireStaff(a.moderateRating(true))})
	handle("/admin/ratings/{id}/reject", h{"POST": requireStaff(a.moderateRating(false))})
	handle("/admin/analytics/summary", h{"GET": requireStaff(a.analyticsSummary)})
	handle("/admin/categories", h{"GET": requireStaff(a.listAdminCategories), "POST": requireStaff(a.createCategory)})
	handle("/admin/categories/{id}", h{"PATCH": requireStaff(a.patchCategory)})
	handle("/admin/categories/{id}/images", h{"POST": requireStaff(a.addCategoryImage)})
	handle("/admin/categories/{id}/images/{image}", h{"DELETE": requireStaff(a.deleteCategoryImage)})
	handle("/admin/hero", h{"GET": requireStaff(a.listAdminHero), "POST": requireStaff(a.saveHero)})
	handle("/admin/hero/{id}", h{"PATCH": requireStaff(a.saveHero), "DELETE": requireStaff(a.deleteHero)})
	handle("/admin/hero/{id}/image", h{"POST": requireStaff(a.addHeroImage)})
	handle("/admin/users", h{"GET": requireStaff(a.listUsers)})
	handle("/admin/users/{id}", h{"PATCH": requireStaff(a.patchUser)})
	handle("/admin/stores", h{"GET": requireStaff(a.listAdminStores), "POST": requireStaff(a.createStore)})
	handle("/admin/stores/{id}", h{"PATCH": requireStaff(a.patchAdminStore)})
	handle("/admin/complaints", h{"GET": requireStaff(a.listComplaints)})
	// Refunds (docs/decisions/0019)
	handle("/admin/orders/{id}/refunds", h{"GET": requireStaff(a.listAdminOrderRefunds), "POST": requireStaff(a.refundOrder)})
	handle("/admin/payments/{id}/refunds", h{"POST": requireStaff(a.refundPayment)})
	handle("/admin/refunds/queue", h{"GET": requireStaff(a.listRefundQueue)})
	handle("/admin/settings/payments", h{"GET": requireStaff(a.getPaymentSettings), "PATCH": requireStaff(a.patchPaymentSettings)})
	handle("/admin/delivery/zones", h{"GET": requireStaff(a.listDeliveryZones), "POST": requireStaff(a.saveDeliveryZone)})
	handle("/admin/delivery/zones/{id}", h{"PATCH": requireStaff(a.saveDeliveryZone), "DELETE": requireStaff(a.deleteDeliveryZone)})
	handle("/admin/delivery/pickup-points", h{"GET": requireStaff(a.listAdminPickupPoints), "POST": requireStaff(a.savePickupPoint)})
	handle("/admin/delivery/pickup-points/{id}", h{"PATCH": requireStaff(a.savePickupPoint),
		"DELETE": requireStaff(a.deletePickupPoint)})
	handle("/admin/delivery/holidays", h{"GET": requireStaff(a.listHolidays), "POST": requireStaff(a.addHoliday)})
	handle("/admin/delivery/holidays/{day}", h{"DELETE": requireStaff(a.deleteHoliday)})
	handle("/admin/complaints/{id}/handle", h{"POST": requireStaff(a.handleComplaint)})
	// Seller ledger and payouts (docs/decisions/0027)
	handle("/admin/settings/payouts", h{"GET": requireStaff(a.getPayoutSettings), "PATCH": requireStaff(a.patchPayoutSettings)})
	handle("/admin/commission-rates", h{"GET": requireStaff(a.getCommissionRates)})
	handle("/admin/commission-rates/categories/{id}", h{"PUT": requireStaff(a.setCommission("categories")),
		"DELETE": requireStaff(a.setCommission("categories"))})
	handle("/admin/commission-rates/stores/{id}", h{"PUT": requireStaff(a.setCommission("stores")),
		"DELETE": requireStaff(a.setCommission("stores"))})
	handle("/admin/payouts", h{"GET": requireStaff(a.listAdminPayouts)})
	handle("/admin/payouts/balances", h{"GET": requireStaff(a.listStoreBalances)})
	handle("/admin/payouts/adjustments", h{"POST": requireStaff(a.adjustBalance)})
	handle("/admin/payouts/commission", h{"GET": requireStaff(a.getCommissionIncome)})
	handle("/admin/payouts/holds/{id}", h{"PUT": requireStaff(a.holdPayouts), "DELETE": requireStaff(a.holdPayouts)})

	// Seller Centre (store owners; api/openapi.yaml)
	handle("/seller/dashboard", h{"GET": requireUser(a.getSellerDashboard)})
	handle("/seller/store", h{"GET": requireUser(a.getSellerStore), "PATCH": requireUser(a.patchSellerStore)})
	handle("/seller/store/logo", h{"PUT": requireUser(a.setSellerStoreLogo)})
	handle("/seller/products", h{"GET": requireUser(a.listSellerProducts), "POST": requireUser(a.createSellerProduct)})
	handle("/seller/products/export.csv", h{"GET": requireUser(a.exportSellerProducts)})
	handle("/seller/products/import", h{"POST": requireUser(a.importSellerProducts)})
	handle("/seller/product-imports", h{"POST": requireUser(a.startImportJob)})
	handle("/seller/product-imports/{id}", h{"GET": requireUser(a.getImportJob)})
	handle("/seller/products/bulk", h{"POST": requireUser(a.bulkSellerProducts)})
	handle("/seller/products/{id}", h{"GET": requireUser(a.getSellerProduct), "PATCH": requireUser(a.patchSellerProduct),
		"DELETE": requireUser(a.deleteSellerProduct)})
	handle("/seller/products/{id}/images", h{"POST": requireUser(a.addSellerProductImage)})
	handle("/seller/products/{id}/options", h{"PUT": requireUser(a.putProductOptions)})
	handle("/seller/products/{id}/variants", h{"PATCH": requireUser(a.patchProductVariants)})
	handle("/seller/products/{id}/images/order", h{"PUT": requireUser(a.reorderSellerProductImages)})
	handle("/seller/products/{id}/images/{image}", h{"DELETE": requireUser(a.deleteSellerProductImage)})
	handle("/seller/orders", h{"GET": requireUser(a.listSellerOrders)})
	handle("/seller/orders/{id}/ship", h{"POST": requireUser(a.advanceSellerOrder(shop.PartShipped))})
	handle("/seller/orders/{id}/refunds", h{"GET": requireUser(a.listSellerOrderRefunds), "POST": requireUser(a.refundStorePart)})
	handle("/seller/orders/{id}/deliver", h{"POST": requireUser(a.advanceSellerOrder(shop.PartDelivered))})
	handle("/seller/orders/{id}/paid-on-delivery", h{"POST": requireUser(a.paidOnDelivery)})
	handle("/seller/orders/{id}/cancel", h{"POST": requireUser(a.cancelSellerPart)})
	handle("/seller/balance", h{"GET": requireUser(a.getSellerBalance)})
	handle("/seller/ledger", h{"GET": requireUser(a.listSellerLedger)})
	handle("/seller/statements", h{"GET": requireUser(a.getSellerStatement)})
	handle("/seller/banks", h{"GET": requireUser(a.listPayoutBanks)})
	handle("/seller/payout-account", h{"POST": requireUser(a.setPayoutAccount)})
	handle("/seller/payouts", h{"GET": requireUser(a.listSellerPayouts), "POST": requireUser(a.requestPayout)})

	// Operations (contract §2.11)
	open("/openapi.json", h{"GET": a.serveOpenAPI})
	api.Handle(p+"/", http.HandlerFunc(notFound))
	api.Handle(p, http.HandlerFunc(notFound))

	a.apiHandler = trimTrailingSlash(api)
	root := http.NewServeMux()
	root.Handle(p+"/", a.cors(trimTrailingSlash(api)))
	root.Handle(p, a.cors(trimTrailingSlash(api)))
	root.Handle("/healthz", newMethods("/healthz", h{"GET": a.healthz}))
	root.Handle("/readyz", newMethods("/readyz", h{"GET": a.readyz}))
	root.Handle("/metrics", newMethods("/metrics", h{"GET": a.serveMetrics}))
	root.Handle("/robots.txt", newMethods("/robots.txt", h{"GET": a.robotsTxt}))
	root.Handle("/sitemap.xml", newMethods("/sitemap.xml", h{"GET": a.sitemapXML}))
	if a.media != nil {
		root.Handle("/media/", a.media)
	}
	root.Handle("/", a.spa)
	return root
}
