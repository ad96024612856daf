package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type messageDTO struct {
	ID            int64   `json:"id"`
	Sender        string  `json:"sender"`
	SenderID      int64   `json:"sender_id"`
	SenderStore   *int64  `json:"sender_store"`
	SenderAvatar  *string `json:"sender_avatar"`
	ReceiverUser  *int64  `json:"receiver_user"`
	ReceiverStore *int64  `json:"receiver_store"`
	Receiver      string  `json:"receiver"`
	Content       string  `json:"content"`
	Timestamp     string  `json:"timestamp"`
	IsRead        bool    `json:"is_read"`
}

func (a *API) toMessageDTO(m *shop.Message) messageDTO {
	d := messageDTO{ID: m.ID, Sender: m.SenderName, SenderID: m.SenderID, SenderStore: optionalID(m.SenderStoreID),
		ReceiverUser: optionalID(m.ReceiverUserID), ReceiverStore: optionalID(m.ReceiverStoreID), Receiver: m.ReceiverName,
		Content: m.Content, Timestamp: shop.FormatTime(m.CreatedAt), IsRead: m.IsRead}
	if m.SenderStoreID != 0 {
		d.SenderAvatar = nullable(a.absolute(m.SenderAvatar))
	}
	return d
}

func (a *API) listMessages(w http.ResponseWriter, r *http.Request) error {
	dto := func(m shop.Message) messageDTO { return a.toMessageDTO(&m) }
	return replyPage(a, w, r, dto, func(p pager) ([]shop.Message, int, error) {
		return a.svc.Messages(r.Context(), caller(r), p.offset, p.limit)
	})
}

func (a *API) getMessage(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	m, err := a.svc.Message(r.Context(), caller(r), id)
	return replyResult(w, http.StatusOK, m, err, a.toMessageDTO)
}

func (a *API) unreadMessages(w http.ResponseWriter, r *http.Request) error {
	n, err := a.svc.UnreadCount(r.Context(), caller(r))
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, map[string]int64{"count": n})
}

type markMessageRequest struct {
	IsRead *bool `json:"is_read"`
}

func (a *API) markMessage(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	in, err := decoded[markMessageRequest](r)
	if err != nil {
		return err
	}
	m, err := a.svc.MarkMessage(r.Context(), caller(r), id, in.IsRead)
	return replyResult(w, http.StatusOK, m, err, a.toMessageDTO)
}

type sendMessageRequest struct {
	Content       *string         `json:"content"`
	ReceiverUser  json.RawMessage `json:"receiver_user"`
	ReceiverStore json.RawMessage `json:"receiver_store"`
}

func (a *API) sendMessage(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[sendMessageRequest](r)
	if err != nil {
		return err
	}
	m, err := a.svc.SendMessage(r.Context(), caller(r), service.NewMessage{Content: in.Content,
		ReceiverUser: decodeRef(in.ReceiverUser), ReceiverStore: decodeRef(in.ReceiverStore)})
	return replyResult(w, http.StatusCreated, m, err, a.toMessageDTO)
}
