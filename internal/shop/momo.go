package shop

import "strings"

// Mobile money networks, by Paystack's provider code (docs/decisions/0017):
// MTN Mobile Money, Telecel Cash (Vodafone Cash until 2024, still "vod" at
// Paystack) and AirtelTigo Money.
const (
	NetworkMTN        = "mtn"
	NetworkTelecel    = "vod"
	NetworkAirtelTigo = "atl"
)

// Networks names each provider code for people.
var Networks = map[string]string{
	NetworkMTN:        "MTN Mobile Money",
	NetworkTelecel:    "Telecel Cash",
	NetworkAirtelTigo: "AirtelTigo Money",
}

// networkPrefixes maps the first three digits of a Ghana mobile number in
// national form to the network that issued it. Numbers keep their network
// when ported, so this is only the first guess: the shopper can change it.
var networkPrefixes = map[string]string{
	"024": NetworkMTN, "025": NetworkMTN, "053": NetworkMTN, "054": NetworkMTN, "055": NetworkMTN, "059": NetworkMTN,
	"020": NetworkTelecel, "050": NetworkTelecel,
	"026": NetworkAirtelTigo, "056": NetworkAirtelTigo, "027": NetworkAirtelTigo, "057": NetworkAirtelTigo,
}

// MoMoNumber normalises a Ghana mobile number written as 024 123 4567,
// 024-123-4567, +233 24 123 4567 or 233241234567 to its national form
// 0241234567; ok is false for anything else, including numbers whose
// prefix no mobile money network uses.
func MoMoNumber(s string) (string, bool) {
	e164, ok := GhanaMobile(s)
	if !ok {
		return "", false
	}
	national := "0" + strings.TrimPrefix(e164, "+"+ghanaCode)
	if _, ok := networkPrefixes[national[:3]]; !ok {
		return "", false
	}
	return national, true
}

// NetworkOf is the network a normalised number's prefix belongs to.
func NetworkOf(phone string) string {
	if len(phone) < 3 {
		return ""
	}
	return networkPrefixes[phone[:3]]
}

// Payment channels.
const (
	ChannelCard        = "card"
	ChannelMobileMoney = "mobile_money"
)

// Charge states of a mobile money attempt, as Paystack's charge API names
// the next step (data.status): the shopper approves a prompt on the phone
// (pay_offline) or first types a voucher code (send_otp). "" before the
// provider answered.
const (
	ChargePayOffline = "pay_offline"
	ChargeSendOTP    = "send_otp"
	ChargePending    = "pending"
)

// ChargeResult is a provider's answer to a charge or a submitted code.
type ChargeResult struct {
	Status          string // pay_offline, send_otp, pending, success or failed
	DisplayText     string // what the provider asks the shopper to do
	GatewayResponse string
	// Rejected means the submitted code was not accepted and may be typed
	// again; the charge itself goes on.
	Rejected bool
}

// MobileMoneyCharge is what the server asks a provider to charge.
type MobileMoneyCharge struct {
	Reference string
	Email     string
	Amount    Money
	Currency  string
	Phone     string // national form
	Network   string // provider code
}
