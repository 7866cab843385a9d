// A credit counter in front of a link, as an RTL designer might write it, with its own
// port names and an active-high reset: it holds CREDITS credits, passes a beat from up_*
// to dn_* in the same cycle while it holds one, and takes a credit back on credit_return.
// timing.md section 1's timing: up_ready is credits > 0 from the count at the start of the
// cycle; the count changes at the edge by credit_return - send. MUTANT = 1 also sends
// on a credit returning in the same cycle, one cycle early.
module credit_counter #(
    parameter int CREDITS = 4,
    parameter int MUTANT = 0
) (
    input  logic        clk,
    input  logic        rst,
    input  logic        up_valid,
    output logic        up_ready,
    input  logic [63:0] up_data,
    output logic        dn_valid,
    output logic [63:0] dn_data,
    input  logic        credit_return,
    output logic [7:0]  credits
);
  logic can_send;
  assign can_send = credits != 0 || (MUTANT != 0 && credit_return);
  assign up_ready = can_send;
  assign dn_valid = up_valid && can_send;
  assign dn_data = up_data;

  always_ff @(posedge clk or posedge rst) begin
    if (rst) credits <= 8'(CREDITS);
    else credits <= credits + 8'(credit_return) - 8'(dn_valid);
  end
endmodule
