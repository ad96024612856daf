package shoptest

import (
	"dwa/internal/config"
	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
)

// PaymentGateway picks the provider as the binary does: Paystack when keys
// are configured (PAYSTACK_BASE_URL then points at a test fake), else the
// built-in test provider.
func PaymentGateway(cfg config.Config) service.PaymentGateway {
	if cfg.TestPayments() {
		return testpay.New()
	}
	return paystack.New(cfg.PaystackBaseURL, cfg.PaystackSecretKey, cfg.PaystackPublicKey)
}
