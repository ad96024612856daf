package demo

import (
	"dwa/internal/shop"

	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Synthetic generates n plausible products for load tests and calls yield
// for each, in order; it stops at the first error yield returns. Each product
// goes into one of leafSlugs (category slug paths, usually
// Catalogue.LeafPaths()) and is sold by one of stores (store keys). Names are
// built from brand, model, variant and colour tables chosen by the category
// ("Tecno Camon 20 Pro 256GB – Serenity Blue"), prices follow the kind of
// item, and slugs are made unique with a "-s<number>" suffix. The same seed
// and arguments always give the same products. Synthetic products share one
// image per kind: see SyntheticImageURL and Product.ImageURLs.
func Synthetic(seed int64, n int, leafSlugs [][]string, stores []string, yield func(Product) error) error {
	if n <= 0 {
		return nil
	}
	if len(leafSlugs) == 0 || len(stores) == 0 {
		return errors.New("demo: Synthetic needs at least one category path and one store")
	}
	fams := make([]*family, len(leafSlugs))
	for i, path := range leafSlugs {
		if len(path) == 0 || len(path) > 3 {
			return errors.New("demo: Synthetic category paths must have 1 to 3 slugs")
		}
		fams[i] = familyFor(path)
	}
	// Each category prefers the demo stores that sell its kind of goods,
	// when they are among stores.
	storeIdx := map[string]int{}
	for i, s := range stores {
		storeIdx[s] = i
	}
	preferred := make([][]int, len(leafSlugs))
	for i, f := range fams {
		for _, key := range storeAffinity[f.kind] {
			if j, ok := storeIdx[key]; ok {
				preferred[i] = append(preferred[i], j)
			}
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6477615f73796e74))
	var b strings.Builder
	for i := range n {
		li := rng.IntN(len(leafSlugs))
		f := fams[li]
		p := f.make(rng, &b)
		p.Category = leafSlugs[li]
		if pref := preferred[li]; len(pref) > 0 && rng.IntN(10) < 9 {
			p.Store = stores[pref[rng.IntN(len(pref))]]
		} else {
			p.Store = stores[rng.IntN(len(stores))]
		}
		p.Slug = shop.ProductSlug(p.Name) + "-s" + strconv.Itoa(i+1)
		switch r := rng.IntN(100); {
		case r < 7:
			p.Inventory = 0
		case r < 20:
			p.Inventory = 1 + rng.IntN(3)
		default:
			p.Inventory = 4 + rng.IntN(57)
		}
		p.Images = 1
		p.Synthetic = true
		if err := yield(p); err != nil {
			return err
		}
	}
	return nil
}

// line is one maker's range within a family. Its optional variants and
// price range override the family's.
type line struct {
	brand    string // prefixed to the model
	models   []string
	colours  []string
	variants []string
	min, max int64
}

// family describes how to name and price one kind of item.
type family struct {
	kind         string
	noun         string // "phone", "laptop"…
	lines        []line
	variantLabel string // spec row name for the variant ("Storage")
	variants     []string
	colours      []string
	min, max     int64 // price range in cedis; later models cost more
	used         bool  // second-hand: "Used …  – Grade A"
	specOnly     bool  // the variant goes in the specification, not the name
	warranty     string
}

var (
	phoneColours  = []string{"Black", "White", "Midnight Blue", "Mint", "Lavender", "Graphite", "Gold"}
	laptopColours = []string{"Silver", "Space Gray", "Black", "Arctic Grey"}
	audioColours  = []string{"Black", "White", "Blue", "Red", "Teal", "Cream"}
	metalColours  = []string{"Gold", "Silver", "Rose Gold"}
)

var families = map[string]*family{
	"iphone": {kind: "phone", noun: "iPhone", lines: []line{{brand: "", models: []string{"iPhone 13", "iPhone 14", "iPhone 15", "iPhone 15 Plus", "iPhone 15 Pro", "iPhone 16", "iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max"},
		colours: []string{"Midnight", "Starlight", "Blue", "Pink", "Natural Titanium", "Black Titanium", "White Titanium"}}},
		variantLabel: "Storage", variants: []string{"128GB", "256GB", "512GB"}, min: 7800, max: 22500, warranty: "12 months"},
	"samsung": {kind: "phone", noun: "Galaxy phone", lines: []line{{brand: "Samsung Galaxy", models: []string{"A05s", "A15", "A25 5G", "A35 5G", "A55 5G", "S23 FE", "S24", "S24+", "Z Flip6", "S24 Ultra", "Z Fold6"},
		colours: []string{"Awesome Navy", "Awesome Lilac", "Awesome Iceblue", "Titanium Gray", "Onyx Black", "Mint"}}},
		variantLabel: "Storage", variants: []string{"128GB", "256GB", "512GB"}, min: 1500, max: 24000, warranty: "12 months"},
	"tecno-and-infinix": {kind: "phone", noun: "smartphone", lines: []line{
		{brand: "Tecno", models: []string{"Spark Go 2024", "Spark 20", "Spark 20 Pro", "Camon 20 Pro", "Pova 6 Pro 5G", "Camon 30"}, colours: []string{"Gravity Black", "Serenity Blue", "Glacier White", "Magic Skin Green", "Cyber White"}},
		{brand: "Infinix", models: []string{"Smart 8", "Hot 40i", "Hot 40 Pro", "Note 40", "Note 40 Pro", "Zero 30 5G"}, colours: []string{"Palm Blue", "Starlit Black", "Racing Grey", "Vintage Green", "Titan Gold"}}},
		variantLabel: "Storage", variants: []string{"64GB", "128GB", "256GB"}, min: 1150, max: 4800, warranty: "13 months"},
	"xiaomi-and-others": {kind: "phone", noun: "smartphone", lines: []line{
		{brand: "Xiaomi", models: []string{"Redmi A3", "Redmi 13C", "Redmi Note 13", "Redmi Note 13 Pro", "Redmi Note 13 Pro+", "14T"}, min: 1150, max: 8200},
		{brand: "itel", models: []string{"A70", "P55", "S24"}, min: 1000, max: 1700},
		{brand: "Nokia", models: []string{"C32", "G22", "G42 5G"}, min: 1300, max: 2900}},
		variantLabel: "Storage", variants: []string{"64GB", "128GB", "256GB"}, colours: phoneColours, min: 1100, max: 8200, warranty: "12 months"},
	"ipad": {kind: "tablet", noun: "iPad", lines: []line{{brand: "", models: []string{"iPad 10th Generation", "iPad mini", "iPad Air 11-inch M2", "iPad Air 13-inch M2", "iPad Pro 11-inch M4"}}},
		variantLabel: "Storage", variants: []string{"64GB Wi-Fi", "128GB Wi-Fi", "256GB Wi-Fi", "256GB Wi-Fi + Cellular"}, colours: []string{"Space Gray", "Silver", "Blue", "Purple", "Starlight"}, min: 5800, max: 19500, warranty: "12 months"},
	"android-tablets": {kind: "tablet", noun: "tablet", lines: []line{
		{brand: "Samsung Galaxy", models: []string{"Tab A9", "Tab A9+", "Tab S9 FE", "Tab S9 FE+"}},
		{brand: "Lenovo", models: []string{"Tab M9", "Tab M11", "Tab P12"}},
		{brand: "Xiaomi", models: []string{"Redmi Pad SE", "Pad 6"}}},
		variantLabel: "Storage", variants: []string{"64GB", "128GB", "256GB"}, colours: []string{"Graphite", "Silver", "Mint", "Luna Grey", "Navy"}, min: 1900, max: 7500, warranty: "12 months"},
	"feature-phones": {kind: "featurephone", noun: "keypad phone", lines: []line{
		{brand: "Nokia", models: []string{"105", "110 4G", "150", "3210 4G"}}, {brand: "itel", models: []string{"it2163", "it5626", "Magic X Pro"}}, {brand: "Tecno", models: []string{"T301", "T528"}}},
		variantLabel: "SIM", variants: []string{"Dual SIM"}, colours: []string{"Black", "Blue", "Red", "Charcoal"}, min: 150, max: 950, warranty: "6 months"},
	"cases-and-screen-protectors": {kind: "case", noun: "phone case", specOnly: true, lines: []line{
		{brand: "Spigen", models: []string{"Ultra Hybrid Case for iPhone 15", "Tough Armor Case for Galaxy S24", "Liquid Air Case for iPhone 16 Pro"}},
		{brand: "Oraimo", models: []string{"Silicone Case for Tecno Camon 30", "Shockproof Case for Infinix Note 40"}},
		{brand: "OtterBox", models: []string{"Defender Case for iPhone 15 Pro Max", "Commuter Case for Galaxy A55"}},
		{brand: "", models: []string{"Tempered Glass Screen Protector for iPhone 16", "Privacy Screen Protector for Galaxy A35"}}},
		variantLabel: "Pack", variants: []string{"", "2-Pack"}, colours: []string{"Black", "Clear", "Navy", "Sage", "Red"}, min: 70, max: 480, warranty: "3 months"},
	"chargers-and-cables": {kind: "charger", noun: "charger", lines: []line{
		{brand: "Oraimo", models: []string{"18W Fast Charger", "33W Charger", "USB-C Cable 1m", "Micro-USB Cable 1m"}},
		{brand: "Anker", models: []string{"Nano 20W Charger", "USB-C to Lightning Cable", "65W GaN Charger"}},
		{brand: "Samsung", models: []string{"25W Super Fast Charger", "45W Charger"}}},
		variantLabel: "Plug", variants: []string{"UK Plug"}, colours: []string{"White", "Black"}, min: 60, max: 650, warranty: "6 months"},
	"headphones": {kind: "headphones", noun: "headphones", lines: []line{
		{brand: "Sony", models: []string{"WH-CH520", "WH-CH720N", "WH-1000XM4", "WH-1000XM5"}},
		{brand: "JBL", models: []string{"Tune 520BT", "Tune 720BT", "Live 660NC"}},
		{brand: "Oraimo", models: []string{"BoomPop 2", "BoomPop Pro"}}},
		variantLabel: "Type", variants: []string{"Wireless"}, colours: audioColours, min: 250, max: 5400, warranty: "12 months"},
	"earbuds": {kind: "earbuds", noun: "earbuds", lines: []line{
		{brand: "Oraimo", models: []string{"FreePods 3", "FreePods 4", "Riff 2"}},
		{brand: "Samsung Galaxy", models: []string{"Buds FE", "Buds3", "Buds3 Pro"}},
		{brand: "Apple", models: []string{"AirPods 4", "AirPods Pro 2"}, colours: []string{"White"}},
		{brand: "JBL", models: []string{"Wave Beam", "Tune Beam", "Live Pro 2"}}},
		variantLabel: "Type", variants: []string{"True Wireless"}, colours: audioColours, min: 200, max: 3800, warranty: "12 months"},
	"bluetooth-speakers": {kind: "speaker", noun: "speaker", specOnly: true, lines: []line{
		{brand: "JBL", models: []string{"Go 4", "Clip 5", "Flip 6", "Charge 5", "PartyBox 110"}},
		{brand: "Anker Soundcore", models: []string{"Motion 100", "Motion 300", "Boom 2"}},
		{brand: "Oraimo", models: []string{"SoundGo 3", "SoundPro"}}},
		variantLabel: "Water resistance", variants: []string{"IPX7", "IP67"}, colours: audioColours, min: 250, max: 5400, warranty: "12 months"},
	"action-cameras": {kind: "camera", noun: "action camera", lines: []line{
		{brand: "GoPro", models: []string{"HERO11 Black", "HERO12 Black", "HERO13 Black"}}, {brand: "DJI", models: []string{"Osmo Action 4", "Osmo Action 5 Pro"}}, {brand: "Insta360", models: []string{"Ace Pro", "X4"}}},
		variantLabel: "Bundle", variants: []string{"", "Adventure Combo"}, min: 3400, max: 7200, warranty: "12 months"},
	"digital-cameras": {kind: "camera", noun: "camera", lines: []line{
		{brand: "Canon", models: []string{"EOS R100", "EOS R50", "EOS R10", "EOS R8"}}, {brand: "Sony", models: []string{"ZV-E10", "ZV-E10 II", "Alpha 6400"}}, {brand: "Nikon", models: []string{"Z30", "Z50", "Z fc"}}},
		variantLabel: "Lens", variants: []string{"Body", "with Kit Lens"}, colours: []string{"Black", "Silver"}, min: 7500, max: 24000, warranty: "12 months"},
	"smartwatches": {kind: "smartwatch", noun: "smartwatch", lines: []line{
		{brand: "Apple Watch", models: []string{"SE 40mm", "SE 44mm", "Series 10 42mm", "Series 10 46mm"}},
		{brand: "Samsung Galaxy", models: []string{"Watch FE", "Watch7 40mm", "Watch7 44mm"}},
		{brand: "Oraimo", models: []string{"Watch 4 Plus", "Watch 5"}}},
		variantLabel: "Connectivity", variants: []string{"GPS", "Bluetooth"}, colours: []string{"Midnight", "Starlight", "Silver", "Green", "Black"}, min: 350, max: 7000, warranty: "12 months"},
	"fitness-trackers": {kind: "band", noun: "fitness band", lines: []line{
		{brand: "Xiaomi", models: []string{"Smart Band 8", "Smart Band 9"}}, {brand: "Huawei", models: []string{"Band 8", "Band 9"}}, {brand: "Fitbit", models: []string{"Inspire 3", "Charge 6"}}},
		variantLabel: "Strap", variants: []string{"Silicone strap"}, colours: []string{"Black", "Pink", "Blue", "Mint"}, min: 380, max: 2200, warranty: "12 months"},
	"power-and-charging": {kind: "powerbank", noun: "power bank", specOnly: true, lines: []line{
		{brand: "Oraimo", models: []string{"Traveler 3", "Traveler 4", "Toast 20"}}, {brand: "Anker", models: []string{"PowerCore Slim", "PowerCore Essential", "Nano Power Bank"}}, {brand: "Baseus", models: []string{"Bipow", "Blade"}}},
		variantLabel: "Capacity", variants: []string{"10000mAh", "20000mAh", "27000mAh"}, colours: []string{"Black", "White", "Blue"}, min: 180, max: 1400, warranty: "12 months"},
	"x-box": {kind: "console", noun: "console", lines: []line{
		{brand: "", models: []string{"X-Box Series S"}, variants: []string{"512GB", "1TB"}, min: 4300, max: 5800},
		{brand: "", models: []string{"X-Box Series X Digital Edition", "X-Box Series X"}, variants: []string{"1TB", "2TB"}, min: 7300, max: 9400}},
		variantLabel: "Storage", variants: []string{"1TB"}, colours: []string{"Robot White", "Carbon Black"}, min: 4300, max: 9400, warranty: "12 months"},
	"playstation": {kind: "console", noun: "console", lines: []line{{brand: "", models: []string{"PlayStation 5 Slim Digital Edition", "PlayStation 5 Slim", "PlayStation 5 Pro"}}},
		variantLabel: "Bundle", variants: []string{"", "EA Sports FC 25 Bundle", "with Extra DualSense"}, min: 6300, max: 12500, warranty: "12 months"},
	"nintendo": {kind: "handheld", noun: "console", lines: []line{{brand: "Nintendo", models: []string{"Switch Lite", "Switch", "Switch OLED", "Switch 2"}}},
		variantLabel: "Bundle", variants: []string{"", "Mario Kart Bundle"}, colours: []string{"Neon Red/Blue", "White", "Turquoise", "Coral", "Grey"}, min: 2700, max: 7600, warranty: "12 months"},
	"controllers": {kind: "controller", noun: "controller", lines: []line{
		{brand: "Xbox", models: []string{"Wireless Controller", "Elite Series 2 Core Controller"}}, {brand: "PlayStation", models: []string{"DualSense Controller", "DualSense Edge Controller"}}, {brand: "8BitDo", models: []string{"Ultimate Controller", "Pro 2 Controller"}}},
		variantLabel: "Connection", variants: []string{"Wireless"}, colours: []string{"Carbon Black", "Robot White", "Shock Blue", "Pulse Red", "Cobalt Blue", "Midnight Black"}, min: 450, max: 3000, warranty: "6 months"},
	"gaming-headsets": {kind: "headset", noun: "gaming headset", lines: []line{
		{brand: "HyperX", models: []string{"Cloud Stinger 2", "Cloud III", "Cloud Alpha"}}, {brand: "Razer", models: []string{"BlackShark V2 X", "Kraken V3"}}, {brand: "SteelSeries", models: []string{"Arctis Nova 1", "Arctis Nova 7"}}},
		variantLabel: "Connection", variants: []string{"Wired", "Wireless"}, colours: []string{"Black", "White", "Green"}, min: 420, max: 2900, warranty: "12 months"},
	"video-games": {kind: "game", noun: "game", lines: []line{{brand: "", models: []string{"EA Sports FC 25", "Call of Duty: Black Ops 6", "Forza Horizon 5", "Marvel's Spider-Man 2", "Gran Turismo 7", "Mortal Kombat 1", "Hogwarts Legacy", "Minecraft", "Mario Kart 8 Deluxe", "NBA 2K25"}}},
		variantLabel: "Platform", variants: []string{"(PS5)", "(PS4)", "(Xbox Series X)", "(Nintendo Switch)"}, min: 300, max: 1000, warranty: "Replacement if faulty"},
	"gaming-keyboards-and-mice": {kind: "keyboard", noun: "gaming keyboard", specOnly: true, lines: []line{
		{brand: "Redragon", models: []string{"K552 Kumara RGB Keyboard", "K617 Fizz RGB Keyboard", "M711 Cobra Gaming Mouse"}},
		{brand: "Logitech", models: []string{"G213 Prodigy RGB Keyboard", "G502 X Gaming Mouse", "G Pro X TKL Keyboard"}},
		{brand: "Razer", models: []string{"BlackWidow V4 Keyboard", "DeathAdder Essential Mouse"}}},
		variantLabel: "Connection", variants: []string{"Wired", "Wireless"}, colours: []string{"Black", "White"}, min: 180, max: 2600, warranty: "12 months"},
	"gaming-monitors": {kind: "monitor", noun: "gaming monitor", lines: []line{
		{brand: "Samsung", models: []string{"Odyssey G3 24\"", "Odyssey G5 27\" Curved", "Odyssey G7 32\" Curved"}}, {brand: "ASUS", models: []string{"TUF Gaming 24\"", "TUF Gaming 27\""}}, {brand: "LG", models: []string{"UltraGear 27\"", "UltraGear 32\""}}},
		variantLabel: "Refresh rate", variants: []string{"144Hz", "165Hz", "180Hz"}, colours: []string{"Black"}, min: 1900, max: 7800, warranty: "12 months"},
	"macbooks": {kind: "laptop", noun: "MacBook", lines: []line{{brand: "", models: []string{"MacBook Air 13-inch M2", "MacBook Air 13-inch M3", "MacBook Air 15-inch M3", "MacBook Pro 14-inch M4", "MacBook Pro 14-inch M4 Pro", "MacBook Pro 16-inch M4 Max"}}},
		variantLabel: "Memory and storage", variants: []string{"16GB 256GB", "16GB 512GB", "24GB 1TB"}, colours: []string{"Midnight", "Starlight", "Space Gray", "Silver", "Space Black"}, min: 12500, max: 45000, warranty: "12 months"},
	"windows-laptops": {kind: "laptop", noun: "laptop", lines: []line{
		{brand: "HP", models: []string{"250 G10 Core i3", "250 G10 Core i5", "ProBook 450 G10 Core i5", "EliteBook 840 G10 Core i7"}},
		{brand: "Lenovo", models: []string{"IdeaPad Slim 3 Ryzen 5", "ThinkPad E14 Core i5", "Legion 5 RTX 4060"}},
		{brand: "Dell", models: []string{"Inspiron 15 Core i5", "Latitude 5440 Core i7"}},
		{brand: "ASUS", models: []string{"Vivobook 15 Core i5", "TUF Gaming A15 RTX 4050"}}},
		variantLabel: "Memory and storage", variants: []string{"8GB 256GB", "8GB 512GB", "16GB 512GB", "16GB 1TB"}, colours: laptopColours, min: 5200, max: 19000, warranty: "12 months"},
	"desktops": {kind: "desktop", noun: "desktop PC", lines: []line{{brand: "HP", models: []string{"ProDesk 400 G9 Core i5", "Pro Tower 290 G9 Core i3"}}, {brand: "Dell", models: []string{"OptiPlex 7010 Core i5", "Vostro 3020 Core i3"}}, {brand: "Lenovo", models: []string{"ThinkCentre M70s Core i5"}}},
		variantLabel: "Memory and storage", variants: []string{"8GB 256GB", "8GB 512GB", "16GB 512GB"}, colours: []string{"Black"}, min: 4800, max: 9800, warranty: "12 months"},
	"monitors": {kind: "monitor", noun: "monitor", lines: []line{{brand: "Dell", models: []string{"22\" SE2222H", "24\" SE2425H", "27\" S2725H"}}, {brand: "Samsung", models: []string{"24\" Essential S3", "27\" Essential S3 Curved"}}, {brand: "HP", models: []string{"V24i G5 24\"", "M27f 27\""}}},
		variantLabel: "Resolution", variants: []string{"Full HD", "QHD"}, colours: []string{"Black", "White"}, min: 1200, max: 4200, warranty: "12 months"},
	"printers-and-scanners": {kind: "printer", noun: "printer", specOnly: true, lines: []line{
		{brand: "Epson", models: []string{"EcoTank L3250", "EcoTank L3260", "EcoTank L6270"}}, {brand: "HP", models: []string{"Smart Tank 580", "LaserJet M111w", "LaserJet Pro MFP 4103fdw"}}, {brand: "Canon", models: []string{"PIXMA G3430", "PIXMA G2470", "i-SENSYS MF3010"}}},
		variantLabel: "Connection", variants: []string{"Wi-Fi", "USB"}, colours: []string{"Black", "White"}, min: 1600, max: 8600, warranty: "12 months"},
	"keyboards-and-mice": {kind: "keyboard", noun: "keyboard", specOnly: true, lines: []line{{brand: "Logitech", models: []string{"MK270 Keyboard and Mouse Combo", "K120 Keyboard", "M185 Wireless Mouse", "K380 Bluetooth Keyboard"}}, {brand: "HP", models: []string{"150 Wired Keyboard", "230 Wireless Mouse"}}},
		variantLabel: "Connection", variants: []string{"Wired", "Wireless"}, colours: []string{"Black", "Grey", "White", "Rose"}, min: 90, max: 650, warranty: "12 months"},
	"storage-and-memory": {kind: "storage", noun: "drive", lines: []line{
		{brand: "Samsung", models: []string{"T7 Portable SSD"}, variants: []string{"500GB", "1TB", "2TB"}, colours: []string{"Titan Gray", "Indigo Blue", "Metallic Red"}, min: 900, max: 2600},
		{brand: "Samsung", models: []string{"990 PRO NVMe M.2 SSD"}, variants: []string{"1TB", "2TB", "4TB"}, min: 1800, max: 5200},
		{brand: "Samsung", models: []string{"EVO Plus microSD Card"}, variants: []string{"128GB", "256GB", "512GB"}, min: 150, max: 750},
		{brand: "SanDisk", models: []string{"Ultra USB 3.0 Flash Drive"}, variants: []string{"64GB", "128GB", "256GB"}, min: 80, max: 380},
		{brand: "SanDisk", models: []string{"Extreme Portable SSD"}, variants: []string{"1TB", "2TB"}, min: 1300, max: 2900},
		{brand: "Seagate", models: []string{"Expansion Portable Hard Drive", "One Touch Portable Hard Drive"}, variants: []string{"1TB", "2TB", "4TB"}, min: 800, max: 2300}},
		variantLabel: "Capacity", variants: []string{"1TB"}, min: 90, max: 2600, warranty: "12 months"},
	"calculators-and-stationery": {kind: "calculator", noun: "calculator", lines: []line{{brand: "Casio", models: []string{"fx-82MS Scientific Calculator", "fx-991ES Plus Scientific Calculator", "fx-991CW Scientific Calculator", "MJ-12D Desktop Calculator"}}, {brand: "Citizen", models: []string{"SR-270X Scientific Calculator", "CT-512 Desktop Calculator"}}},
		variantLabel: "Power", variants: []string{"Solar and battery"}, colours: []string{"Black", "Grey"}, min: 90, max: 420, warranty: "12 months"},
	"school-bags": {kind: "backpack", noun: "backpack", lines: []line{{brand: "Targus", models: []string{"Classic Laptop Backpack", "Intellect Backpack"}}, {brand: "", models: []string{"Kente Trim School Backpack", "Canvas School Backpack", "Children's Wheeled School Bag"}}},
		variantLabel: "Capacity", variants: []string{"18L", "22L", "26L"}, colours: []string{"Navy", "Black", "Red", "Green"}, min: 150, max: 650, warranty: "6 months"},
	"pre-built-rigs": {kind: "desktop", noun: "gaming PC", lines: []line{
		{brand: "TTD", models: []string{"Esports Gaming PC – Ryzen 5 7600, RTX 4060", "Harmattan Gaming PC – Ryzen 7 7700, RTX 4070", "Black Star Gaming PC – Core i9-14900K, RTX 4080 Super"}},
		{brand: "AGH", models: []string{"Starter Gaming PC – Ryzen 5 5600, RTX 3050", "Volta Gaming PC – Core i5-14400F, RTX 4060 Ti", "Ankobra Gaming PC – Ryzen 7 7800X3D, RTX 4070 Ti Super"}}},
		variantLabel: "Memory", variants: []string{"16GB", "32GB", "64GB"}, min: 12000, max: 45000, warranty: "24 months"},
	"used-phones": {kind: "phone", noun: "phone", used: true, lines: []line{{brand: "", models: []string{"iPhone 11", "iPhone 12", "iPhone 13", "iPhone 13 Pro", "iPhone 14 Pro Max"}}, {brand: "Samsung Galaxy", models: []string{"S21", "S22 Ultra", "A54"}}, {brand: "Google", models: []string{"Pixel 6", "Pixel 7"}}},
		variantLabel: "Storage", variants: []string{"64GB", "128GB", "256GB"}, colours: phoneColours, min: 2400, max: 9800, warranty: "3 months"},
	"used-laptops": {kind: "laptop", noun: "laptop", used: true, lines: []line{{brand: "Dell", models: []string{"Latitude 7490 Core i7", "Latitude 5400 Core i5"}}, {brand: "HP", models: []string{"EliteBook 840 G5 Core i5", "ProBook 440 G6 Core i5"}}, {brand: "Lenovo", models: []string{"ThinkPad T480 Core i5"}}, {brand: "Apple", models: []string{"MacBook Air M1", "MacBook Pro 13-inch M1"}}},
		variantLabel: "Memory and storage", variants: []string{"8GB 256GB", "16GB 256GB", "16GB 512GB"}, colours: laptopColours, min: 2600, max: 9000, warranty: "6 months"},
	"used-consoles": {kind: "console", noun: "console", used: true, lines: []line{{brand: "", models: []string{"PlayStation 4 Slim", "X-Box One S", "PlayStation 4 Pro", "X-Box Series S", "PlayStation 5"}}},
		variantLabel: "Storage", variants: []string{"500GB", "1TB"}, colours: []string{"Black", "White"}, min: 1600, max: 6200, warranty: "3 months"},
	"mens-watches": {kind: "watch", noun: "watch", specOnly: true, lines: []line{
		{brand: "Casio", models: []string{"MTP-V002 Classic", "Edifice EFV-100D", "G-Shock GA-2100"}, min: 450, max: 1900},
		{brand: "Seiko", models: []string{"5 Sports Automatic", "Presage Cocktail Time"}, min: 3800, max: 9500},
		{brand: "Citizen", models: []string{"Eco-Drive Field", "Eco-Drive Chronograph"}, min: 2400, max: 4600},
		{brand: "Tissot", models: []string{"PRX Quartz", "PRX Powermatic 80"}, min: 7800, max: 12500}},
		variantLabel: "Strap", variants: []string{"Steel bracelet", "Leather strap", "Resin strap"}, colours: []string{"Black Dial", "Blue Dial", "Green Dial", "Silver"}, min: 450, max: 12500, warranty: "24 months"},
	"womens-watches": {kind: "watch", noun: "watch", specOnly: true, lines: []line{
		{brand: "Casio", models: []string{"LTP-V002 Ladies", "Sheen Ladies"}, min: 400, max: 1500},
		{brand: "Fossil", models: []string{"Carlie Mini", "Jacqueline"}, min: 1500, max: 2400},
		{brand: "Citizen", models: []string{"Eco-Drive Silhouette", "Eco-Drive Corso"}, min: 2800, max: 4800},
		{brand: "Anne Klein", models: []string{"Ceramic Bracelet Watch", "Leather Strap Watch"}, min: 1100, max: 1900}},
		variantLabel: "Strap", variants: []string{"Bracelet", "Leather strap"}, colours: []string{"Rose Gold", "Gold", "Silver", "White and Gold"}, min: 400, max: 4800, warranty: "24 months"},
	"rings": {kind: "ring", noun: "ring", lines: []line{
		{brand: "", models: []string{"Gold Plated Signet Ring", "Sterling Silver Emerald Ring", "Sterling Silver Ruby Halo Ring"}, min: 250, max: 1400},
		{brand: "", models: []string{"18K Gold Wedding Band", "14K Gold Diamond Solitaire Ring"}, min: 4200, max: 14000}},
		variantLabel: "Size", variants: []string{"Size 6", "Size 7", "Size 8", "Size 9"}, min: 250, max: 14000, warranty: "Lifetime cleaning"},
	"necklaces-and-chains": {kind: "necklace", noun: "necklace", lines: []line{
		{brand: "", models: []string{"Gold Plated Adinkra Coin Pendant", "Sterling Silver Heart Pendant", "Sterling Silver Rope Chain"}, min: 280, max: 1200},
		{brand: "", models: []string{"14K Gold Cross Pendant", "18K Gold Cuban Link Chain"}, min: 3800, max: 16000}},
		variantLabel: "Length", variants: []string{"18-inch", "20-inch", "22-inch"}, min: 280, max: 16000, warranty: "Lifetime cleaning"},
	"beads-and-bracelets": {kind: "bracelet", noun: "bracelet", specOnly: true, lines: []line{
		{brand: "", models: []string{"Krobo Glass Bead Bracelet", "Handmade Krobo Waist Beads"}, colours: []string{"Multicolour", "Red and Gold", "Green and Yellow", "Blue and White"}, min: 60, max: 180},
		{brand: "", models: []string{"Gold Plated Cuff Bangle", "Sterling Silver Tennis Bracelet"}, min: 300, max: 1300},
		{brand: "", models: []string{"22K Gold Bangle"}, min: 9000, max: 17000}},
		variantLabel: "Size", variants: []string{"Small", "Medium", "Large"}, min: 60, max: 17000, warranty: "Free repairs for 6 months"},
	"earrings": {kind: "earrings", noun: "earrings", lines: []line{
		{brand: "", models: []string{"Gold Plated Adinkra Stud Earrings", "Sterling Silver Hoop Earrings", "Freshwater Pearl Stud Earrings"}, min: 120, max: 650},
		{brand: "", models: []string{"18K Gold Hoop Earrings", "Sapphire Drop Earrings"}, min: 2600, max: 7200}},
		variantLabel: "Size", variants: []string{"15mm", "25mm", "30mm"}, min: 120, max: 7200, warranty: "Lifetime cleaning"},
	"box": {kind: "box", noun: "item", lines: []line{{brand: "Dwa Essentials", models: []string{"Gift Box", "Starter Kit", "Accessory Bundle", "Travel Pack"}}},
		variantLabel: "Pack", variants: []string{"Small", "Medium", "Large"}, colours: []string{"Green", "Gold", "Black"}, min: 80, max: 900, warranty: "6 months"},
}

// storeAffinity names the demo stores that usually sell each kind of item.
var storeAffinity = map[string][]string{
	"phone": {"kumasi-phone-plaza", "tamale-digital-hub"}, "tablet": {"kumasi-phone-plaza", "osu-gadget-corner"},
	"featurephone": {"tamale-digital-hub"}, "case": {"kumasi-phone-plaza", "tamale-digital-hub"},
	"charger": {"kumasi-phone-plaza", "tamale-digital-hub"}, "console": {"accra-game-hub"},
	"handheld": {"accra-game-hub"}, "controller": {"accra-game-hub"}, "headset": {"accra-game-hub"},
	"game": {"accra-game-hub"}, "headphones": {"osu-gadget-corner"}, "earbuds": {"osu-gadget-corner", "tamale-digital-hub"},
	"speaker": {"osu-gadget-corner"}, "camera": {"osu-gadget-corner"}, "smartwatch": {"osu-gadget-corner"},
	"band": {"osu-gadget-corner"}, "powerbank": {"osu-gadget-corner", "tamale-digital-hub"},
	"laptop": {"takoradi-tech-depot"}, "desktop": {"takoradi-tech-depot"}, "monitor": {"takoradi-tech-depot"},
	"storage": {"takoradi-tech-depot", "labone-office-supplies"}, "keyboard": {"takoradi-tech-depot", "labone-office-supplies"},
	"mouse": {"labone-office-supplies"}, "printer": {"labone-office-supplies"}, "calculator": {"labone-office-supplies"},
	"backpack": {"labone-office-supplies"}, "box": {"labone-office-supplies"}, "watch": {"adum-gold-time"},
	"ring": {"adum-gold-time"}, "necklace": {"adum-gold-time"}, "bracelet": {"adum-gold-time"}, "earrings": {"adum-gold-time"},
}

// kindFamilies picks a family for category slugs the tables above do not
// know, from the kind the slug suggests.
var kindFamilies = map[string]string{
	"phone": "tecno-and-infinix", "featurephone": "feature-phones", "tablet": "android-tablets",
	"console": "x-box", "handheld": "nintendo", "controller": "controllers", "headset": "gaming-headsets",
	"headphones": "headphones", "earbuds": "earbuds", "speaker": "bluetooth-speakers", "camera": "digital-cameras",
	"smartwatch": "smartwatches", "band": "fitness-trackers", "watch": "mens-watches", "ring": "rings",
	"necklace": "necklaces-and-chains", "bracelet": "beads-and-bracelets", "earrings": "earrings",
	"laptop": "windows-laptops", "desktop": "desktops", "monitor": "monitors", "keyboard": "keyboards-and-mice",
	"mouse": "keyboards-and-mice", "printer": "printers-and-scanners", "storage": "storage-and-memory",
	"powerbank": "power-and-charging", "charger": "chargers-and-cables", "case": "cases-and-screen-protectors",
	"game": "video-games", "calculator": "calculators-and-stationery", "backpack": "school-bags", "box": "box",
}

// familyFor chooses the family for a category path: the deepest slug with
// its own table wins, then the deepest slug with a known kind, then "box".
func familyFor(path []string) *family {
	for i := len(path) - 1; i >= 0; i-- {
		if f, ok := families[path[i]]; ok {
			return f
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		if k, ok := leafKinds[path[i]]; ok {
			return families[kindFamilies[k]]
		}
	}
	return families["box"]
}

var (
	openers = []string{
		"A dependable %s from %s, brand new and sealed in the box.",
		"The %s our customers keep coming back for, now in stock.",
		"Great value for home, school or the office: this %s from %s just works.",
		"Looking for a good %s? This one from %s is one of our best sellers this month.",
		"A smart choice of %s from %s, checked in our shop before dispatch.",
	}
	usedOpeners = []string{
		"A carefully tested second-hand %s from %s, cleaned and ready to use.",
		"UK-used %s from %s in good condition, checked on our 40-point test.",
		"Save money with this pre-owned %s from %s, fully working and inspected.",
	}
	middles = []string{
		"Pay with MTN MoMo, Telecel Cash, AirtelTigo Money or card at checkout.",
		"Free delivery within Accra; Kumasi and Takoradi in one to two working days.",
		"Pick it up at the shop or let our rider bring it to your door.",
		"Same-day delivery in Kumasi for orders placed before noon.",
		"We deliver nationwide, including Tamale, Ho and Cape Coast.",
	}
)

// make builds one product of the family.
func (f *family) make(rng *rand.Rand, b *strings.Builder) Product {
	l := f.lines[rng.IntN(len(f.lines))]
	mi := rng.IntN(len(l.models))
	model := l.models[mi]
	variants, colours, lo, hi := f.variants, f.colours, f.min, f.max
	if len(l.variants) > 0 {
		variants = l.variants
	}
	if len(l.colours) > 0 {
		colours = l.colours
	}
	if l.max > 0 {
		lo, hi = l.min, l.max
	}
	vi := rng.IntN(len(variants))
	variant := variants[vi]
	colour := ""
	if len(colours) > 0 {
		colour = colours[rng.IntN(len(colours))]
	}
	brand := l.brand

	b.Reset()
	if f.used {
		b.WriteString("Used ")
	}
	if brand != "" {
		b.WriteString(brand)
		b.WriteByte(' ')
	}
	b.WriteString(model)
	if variant != "" && (len(variants) > 1 && !f.specOnly && !strings.Contains(model, "–") || f.kind == "game") {
		b.WriteByte(' ')
		b.WriteString(variant)
	}
	if f.used {
		b.WriteString(" – Grade ")
		b.WriteString([]string{"A", "A", "B"}[rng.IntN(3)])
	} else if colour != "" && f.kind != "game" && f.kind != "desktop" {
		b.WriteString(" – ")
		b.WriteString(colour)
	}
	name := b.String()

	// Later models and bigger variants cost more, with some noise; prices
	// end in 0, 50 or 99 like a shop's.
	span := float64(hi - lo)
	pos := (float64(mi) + rng.Float64()*0.8) / float64(len(l.models))
	price := float64(lo) + span*pos*0.85 + span*0.15*float64(vi)/float64(max(len(variants)-1, 1))
	cedis := int64(price)
	switch {
	case cedis >= 1000:
		cedis = cedis / 50 * 50
		if rng.IntN(3) == 0 {
			cedis -= 1
		}
	case cedis >= 100:
		cedis = cedis / 10 * 10
	}
	cedis = max(cedis, 20)

	maker := brand
	if maker == "" {
		maker = "a trusted maker"
		if f.kind == "phone" || f.kind == "tablet" || f.kind == "laptop" {
			maker = "Apple"
		}
	}
	maker = strings.TrimSuffix(strings.TrimSuffix(maker, " Galaxy"), " Watch")

	b.Reset()
	b.WriteString("<p>")
	op := openers
	if f.used {
		op = usedOpeners
	}
	o := op[rng.IntN(len(op))]
	o = strings.Replace(o, "%s", f.noun, 1)
	o = strings.Replace(o, "%s", maker, 1)
	b.WriteString(xmlEscape(o))
	b.WriteByte(' ')
	b.WriteString(middles[rng.IntN(len(middles))])
	b.WriteString("</p><p><strong>Warranty:</strong> ")
	b.WriteString(xmlEscape(f.warranty))
	b.WriteString(".</p>")
	desc := b.String()

	b.Reset()
	b.WriteString("<table><tbody>")
	row := func(k, v string) {
		if v == "" {
			return
		}
		b.WriteString("<tr><th>")
		b.WriteString(k)
		b.WriteString("</th><td>")
		b.WriteString(xmlEscape(v))
		b.WriteString("</td></tr>")
	}
	if brand != "" {
		row("Brand", strings.TrimSuffix(brand, " Galaxy"))
	}
	row("Model", model)
	row(f.variantLabel, strings.Trim(variant, "()"))
	if f.kind != "game" {
		row("Colour", colour)
	}
	if f.used {
		row("Condition", "Second hand, tested")
	}
	row("Warranty", f.warranty)
	b.WriteString("</tbody></table>")

	out := Product{
		Name:          name,
		Brand:         strings.TrimSuffix(brand, " Galaxy"),
		Description:   desc,
		Specification: b.String(),
		PricePesewas:  cedis * 100,
		Kind:          f.kind,
	}
	// One product in eight is on a deal of 5 to 40 % off, chosen by its
	// name so that the products drawn stay the same.
	if h := hash64(name); h%8 == 0 {
		pct := int64(5 + h/8%36)
		out.WasPricePesewas = (out.PricePesewas*100/(100-pct) + 99) / 100 * 100
	}
	return out
}
