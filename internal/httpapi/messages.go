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

func nullableID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func (a *API) toMessageDTO(m *shop.Message) messageDTO {
	d := messageDTO{ID: m.ID, Sender: m.SenderName, SenderID: m.SenderID, SenderStore: nullableID(m.SenderStoreID),
		ReceiverUser: nullableID(m.ReceiverUserID), ReceiverStore: nullableID(m.ReceiverStoreID), Receiver: m.ReceiverName,
		Content: m.Content, Timestamp: shop.FormatTime(m.CreatedAt), IsRead: m.IsRead}
	if m.SenderStoreID != 0 {
		d.SenderAvatar = nullable(a.absolute(m.SenderAvatar))
	}
	return d
}

func (a *API) listMessages(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ms, total, err := a.svc.Messages(r.Context(), caller(r), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, err := encodeAll(ms, func(m shop.Message) ([]byte, error) { return marshal(a.toMessageDTO(&m)) })
	if err != nil {
		writeError(w, r, err)
		return
	}
	a.writePage(w, r, p, items, total, nil)
}

func (a *API) getMessage(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	m, err := a.svc.Message(r.Context(), caller(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toMessageDTO(m))
}

func (a *API) unreadMessages(w http.ResponseWriter, r *http.Request) {
	n, err := a.svc.UnreadCount(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"count": n})
}

type markMessageRequest struct {
	IsRead *bool `json:"is_read"`
}

func (a *API) markMessage(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	var in markMessageRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := a.svc.MarkMessage(r.Context(), caller(r), id, in.IsRead)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toMessageDTO(m))
}

type sendMessageRequest struct {
	Content       *string         `json:"content"`
	ReceiverUser  json.RawMessage `json:"receiver_user"`
	ReceiverStore json.RawMessage `json:"receiver_store"`
}

func (a *API) sendMessage(w http.ResponseWriter, r *http.Request) {
	var in sendMessageRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := a.svc.SendMessage(r.Context(), caller(r), service.NewMessage{Content: in.Content,
		ReceiverUser: decodeRef(in.ReceiverUser), ReceiverStore: decodeRef(in.ReceiverStore)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.toMessageDTO(m))
}
